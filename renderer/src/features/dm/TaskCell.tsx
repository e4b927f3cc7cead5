import { useRef, useState } from 'react';
import type { TableColumn } from './columns';
import type { DmTask } from '../../api/dataManager';
import { cellKind, readCell, displayText } from './cellValues';
import { UserAvatars } from './UserAvatars';
import { routes } from '../../router';

/**
 * One cell's content: thumbnails for images, a play button for audio, avatars for people, clipped
 * text otherwise. A task's agreement links to its annotations compared side by side.
 */
export function TaskCell({ projectId, task, column }: { projectId: number; task: DmTask; column: TableColumn }) {
  const value = readCell(task, column.key);
  const kind = cellKind(column, value);
  if (kind === 'image' && typeof value === 'string') {
    return (
      <img
        className="dm-thumb"
        src={value}
        alt={`${column.title} of task ${task.id}`}
        loading="lazy"
        decoding="async"
      />
    );
  }
  if (kind === 'audio' && typeof value === 'string') {
    return <AudioButton src={value} label={`${column.title} of task ${task.id}`} />;
  }
  if (kind === 'users') return <UserAvatars value={value} />;
  const text = displayText(column, value);
  if (column.key === 'agreement' && typeof value === 'number') {
    return (
      <a
        className="dm-cell__text dm-cell__text--number dm-cell__link"
        href={routes.compareTask(projectId, task.id)}
        tabIndex={-1}
        aria-label={`Agreement ${text}: compare the annotations of task ${task.id}`}
        // The row's own click opens the editor; this one only follows the link.
        onClick={(event) => event.stopPropagation()}
      >
        {text}
      </a>
    );
  }
  return (
    <span
      className={`dm-cell__text ${kind === 'number' ? 'dm-cell__text--number' : ''}`}
      title={text.length > 24 ? text : undefined}
    >
      {text}
    </span>
  );
}

/** A compact play/pause control; the audio is only fetched once it is played. */
function AudioButton({ src, label }: { src: string; label: string }) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const toggle = () => {
    if (!audio.current) {
      audio.current = new Audio(src);
      audio.current.addEventListener('ended', () => setPlaying(false));
      audio.current.addEventListener('pause', () => setPlaying(false));
      audio.current.addEventListener('play', () => setPlaying(true));
    }
    if (audio.current.paused) void audio.current.play().catch(() => setPlaying(false));
    else audio.current.pause();
  };
  return (
    <button
      type="button"
      className="dm-audio"
      tabIndex={-1}
      aria-label={`${playing ? 'Pause' : 'Play'} ${label}`}
      aria-pressed={playing}
      onClick={(event) => {
        event.stopPropagation();
        toggle();
      }}
    >
      <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
    </button>
  );
}
