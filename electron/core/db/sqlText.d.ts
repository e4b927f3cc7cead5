// Migrations are .sql files bundled as text (esbuild's text loader, a Vite transform in tests).
declare module '*.sql' {
  const sql: string;
  export default sql;
}
