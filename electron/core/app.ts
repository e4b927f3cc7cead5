import { Hono } from 'hono';
import type { AppDeps } from './deps.js';
import type { AppEnv } from './server/appEnv.js';
import { sendDjangoNotFound } from './server/errorEnvelope.js';
import { handleError } from './server/middleware/errorHandler.js';
import { hostCheck } from './server/middleware/hostCheck.js';
import { requireAuth } from './server/middleware/requireAuth.js';
import { annotationRoutes } from './server/routes/annotations.js';
import { cachedMediaRoutes } from './server/routes/cachedMedia.js';
import { currentUserRoutes } from './server/routes/currentUser.js';
import { dataManagerRoutes } from './server/routes/dataManager.js';
import { dmViewRoutes } from './server/routes/dmViews.js';
import { exportRoutes } from './server/routes/export.js';
import { exportSnapshotRoutes } from './server/routes/exports.js';
import { draftRoutes } from './server/routes/drafts.js';
import { fileUploadRoutes } from './server/routes/fileUploads.js';
import { importRoutes } from './server/routes/imports.js';
import { localFilesRoutes } from './server/routes/localFiles.js';
import { loginRoutes } from './server/routes/login.js';
import { mediaRoutes } from './server/routes/media.js';
import { mlRoutes } from './server/routes/ml.js';
import { modelVersionRoutes } from './server/routes/modelVersions.js';
import { outpostAppRoutes } from './server/routes/outpostApp.js';
import { outpostLocalFoldersRoutes } from './server/routes/outpostLocalFolders.js';
import { outpostConflictsRoutes } from './server/routes/outpostConflicts.js';
import { outpostDashboardRoutes } from './server/routes/outpostDashboard.js';
import { outpostEditorRoutes } from './server/routes/outpostEditors.js';
import { outpostMirrorsRoutes } from './server/routes/outpostMirrors.js';
import { outpostDetectorRoutes } from './server/routes/outpostDetector.js';
import { outpostLocalModelRoutes } from './server/routes/outpostLocalModel.js';
import { outpostMlRoutes } from './server/routes/outpostMl.js';
import { outpostPredictionPushRoutes } from './server/routes/outpostPredictionPush.js';
import { outpostCopyToRemoteRoutes } from './server/routes/outpostCopyToRemote.js';
import { outpostQualityRoutes } from './server/routes/outpostQuality.js';
import { outpostRemotesRoutes } from './server/routes/outpostRemotes.js';
import { outpostRemoteScopesRoutes } from './server/routes/outpostRemoteScopes.js';
import { outpostTaskRemoteRoutes } from './server/routes/outpostTaskRemote.js';
import { nextTaskRoutes } from './server/routes/nextTask.js';
import { predictionRoutes } from './server/routes/predictions.js';
import { projectRoutes } from './server/routes/projects.js';
import { projectValidationRoutes } from './server/routes/projectValidation.js';
import { sampleTaskRoutes } from './server/routes/sampleTask.js';
import { taskListRoutes } from './server/routes/taskList.js';
import { taskRoutes } from './server/routes/tasks.js';
import { templateRoutes } from './server/routes/templates.js';
import { tokenRoutes } from './server/routes/tokens.js';
import { userRoutes } from './server/routes/users.js';
import { versionRoutes } from './server/routes/version.js';
import { STORAGE_RESOLVE_PATHS, storageResolveRoutes } from './server/routes/storageResolve.js';
import { storageRoutes } from './server/routes/storages.js';
import { serveRenderer } from './server/staticFiles.js';
import { writeJsonLikePython } from './server/pythonJsonResponses.js';

/**
 * Builds the HTTP app: a Request -> Response function with no listening socket and no globals,
 * so tests can drive it directly and serve.ts can put it on a port.
 */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  // Not strict: `/api/projects` and `/api/projects/` reach the same handler, with no redirect.
  const app = new Hono<AppEnv>({ strict: false });

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    writeJsonLikePython(c);
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
  });
  app.use('*', hostCheck);
  // Label Studio's health view writes its JSON text as a plain Django page (text/html), byte for byte.
  app.get('/health', (c) => c.body('{"status": "UP"}', 200, { 'Content-Type': 'text/html; charset=utf-8' }));
  app.use('/api/*', requireAuth);
  // Uploaded media need the same token as the API (Label Studio's IsAuthenticated).
  app.use('/data/*', requireAuth);
  // So do cloud media behind the storage proxy (`/tasks/<id>/resolve/`, Label Studio's IsAuthenticated).
  for (const path of STORAGE_RESOLVE_PATHS) app.use(path, requireAuth);

  versionRoutes(app);
  outpostAppRoutes(app);
  outpostLocalFoldersRoutes(app);
  outpostRemotesRoutes(app);
  outpostRemoteScopesRoutes(app);
  outpostConflictsRoutes(app);
  outpostDashboardRoutes(app);
  outpostQualityRoutes(app);
  outpostEditorRoutes(app);
  outpostMirrorsRoutes(app);
  outpostMlRoutes(app);
  outpostLocalModelRoutes(app);
  outpostDetectorRoutes(app);
  outpostPredictionPushRoutes(app);
  outpostCopyToRemoteRoutes(app);
  outpostTaskRemoteRoutes(app);
  tokenRoutes(app);
  currentUserRoutes(app);
  userRoutes(app);
  projectRoutes(app);
  projectValidationRoutes(app);
  templateRoutes(app);
  sampleTaskRoutes(app);
  taskRoutes(app);
  annotationRoutes(app);
  draftRoutes(app);
  predictionRoutes(app);
  modelVersionRoutes(app);
  mlRoutes(app);
  nextTaskRoutes(app);
  importRoutes(app);
  fileUploadRoutes(app);
  // Before mediaRoutes, whose catch-all answers 404 for the rest of /data.
  cachedMediaRoutes(app);
  localFilesRoutes(app);
  mediaRoutes(app);
  exportRoutes(app);
  exportSnapshotRoutes(app);
  storageRoutes(app);
  storageResolveRoutes(app);

  taskListRoutes(app);
  dmViewRoutes(app);
  dataManagerRoutes(app);

  loginRoutes(app);
  app.all('/api/*', (c) => sendDjangoNotFound(c));
  app.get('*', serveRenderer(deps.rendererDir));
  app.notFound((c) => sendDjangoNotFound(c));
  app.onError(handleError);
  return app;
}
