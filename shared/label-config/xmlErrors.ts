/**
 * A malformed document. The message copies Python expat's wording and position format
 * (`mismatched tag: line 1, column 42`, columns from 0) because Label Studio returns it verbatim.
 */
export class XmlSyntaxError extends Error {
  constructor(
    readonly reason: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${reason}: line ${line}, column ${column}`);
    this.name = 'XmlSyntaxError';
  }
}

/** A document type declaration: refused before anything in it is read (no XXE, no entity bombs). */
export class XmlDtdForbiddenError extends Error {
  constructor(name: string, systemId: string | null, publicId: string | null) {
    // defusedxml's DTDForbidden str(), which Label Studio shows as the validation error.
    super(
      `DTDForbidden(name=${pythonQuote(name)}, system_id=${quoteOrNone(systemId)}, public_id=${quoteOrNone(publicId)})`,
    );
    this.name = 'XmlDtdForbiddenError';
  }
}

function quoteOrNone(value: string | null): string {
  return value === null ? 'None' : pythonQuote(value);
}

function pythonQuote(value: string): string {
  return value.includes("'") && !value.includes('"') ? `"${value}"` : `'${value.replaceAll("'", "\\'")}'`;
}
