import type { LsInstance, LsRegion } from './labelStudioTypes';

/*
 * The bundled editor (1.4.0) offers a smart rectangle tool with Auto-Annotation on, but does not
 * mark the rectangles it draws as smart, so it never announces them as finished smart regions (it
 * does for brush strokes, key points and text spans), and the box never reaches the model. Newer
 * editors do announce it: here a rectangle drawn while the image's selected tool is the smart
 * rectangle one is announced too, once its drag is over.
 */

interface DrawnRegion extends LsRegion {
  type?: string;
  dynamic?: boolean;
  fromSuggestion?: boolean;
  parent?: { getToolsManager?(): { findSelectedTool(): SmartTool | undefined } };
  annotation?: { regions?: readonly unknown[] };
}

interface SmartTool {
  toolName?: string;
  dynamic?: boolean;
  isDrawing?: boolean;
}

/** How often a drag in progress is looked at again. */
const DRAWING_CHECK_MS = 50;

/** Calls `ask` with each rectangle drawn with the smart rectangle tool, once its drawing is done. */
export function onSmartRectangle(instance: LsInstance, ask: (group: LsRegion[]) => void): void {
  instance.on('entityCreate', (region: DrawnRegion) => {
    if (region.type !== 'rectangleregion' || region.dynamic || region.fromSuggestion) return;
    const tool = region.parent?.getToolsManager?.().findSelectedTool();
    if (tool?.toolName !== 'RectangleTool' || !tool.dynamic) return;
    // The region is added as the drag starts and grows with it; the editor says nothing when the
    // drag ends, so look again until the tool is done drawing. A box too small to keep is dropped.
    const whenDrawn = () => {
      if (tool.isDrawing) return void setTimeout(whenDrawn, DRAWING_CHECK_MS);
      if (region.annotation?.regions?.includes(region)) ask([region]);
    };
    setTimeout(whenDrawn, DRAWING_CHECK_MS);
  });
}
