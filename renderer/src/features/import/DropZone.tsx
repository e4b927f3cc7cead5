import { useState, type DragEvent } from 'react';
import { IMPORT_ACCEPT } from './fileKinds';
import { collectDropped, collectPicked, type PickedFile } from './collectDropped';

interface DropZoneProps {
  disabled: boolean;
  onFiles: (files: PickedFile[]) => void;
  onError: (message: string) => void;
}

/** `webkitdirectory` is not in React's input props; set on mount, it turns a picker into a folder picker. */
function folderPicker(input: HTMLInputElement | null) {
  input?.setAttribute('webkitdirectory', '');
}

/** Drop files or folders here, or pick them: the files are staged, not yet sent. */
export function DropZone({ disabled, onFiles, onError }: DropZoneProps) {
  const [over, setOver] = useState(false);

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    collectDropped(event.dataTransfer).then(onFiles, (error: unknown) =>
      onError(`The dropped files could not be read: ${String(error)}`),
    );
  };

  const dragOver = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    setOver(true);
  };

  return (
    <div
      className={`drop-zone${over ? ' drop-zone--over' : ''}`}
      data-testid="drop-zone"
      onDragOver={dragOver}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <svg className="drop-zone__icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 16V4m0 0-4.5 4.5M12 4l4.5 4.5M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
      </svg>
      <p className="drop-zone__title">Drop files or folders here</p>
      <p className="drop-zone__hint">
        JSON, CSV, TSV, TXT, images, audio and video. Folders are read with everything inside them.
      </p>
      <div className="drop-zone__actions">
        <label className={`button button--primary${disabled ? ' button--disabled' : ''}`}>
          Choose files
          <input
            type="file"
            className="visually-hidden"
            multiple
            accept={IMPORT_ACCEPT}
            disabled={disabled}
            onChange={(event) => {
              onFiles(collectPicked(event.currentTarget.files));
              event.currentTarget.value = '';
            }}
          />
        </label>
        <label className={`button${disabled ? ' button--disabled' : ''}`}>
          Choose a folder
          <input
            ref={folderPicker}
            type="file"
            className="visually-hidden"
            disabled={disabled}
            onChange={(event) => {
              onFiles(collectPicked(event.currentTarget.files));
              event.currentTarget.value = '';
            }}
          />
        </label>
      </div>
    </div>
  );
}
