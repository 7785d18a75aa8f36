import type { ReactNode } from 'react';
import type { LibrarySource } from '@portal/shared';
import { linkTo, type Route } from '../../shell/router';
import { SourceBadge, StatusBadge } from '../../ui/status-badge';
import { SaveStateIndicator, type SaveState } from './save-state';

export type LibraryStatusName = 'draft' | 'active' | 'superseded';

export interface VersionHeadProps {
  back: { label: string; route: Route };
  name: string;
  version: number;
  status: LibraryStatusName;
  source: LibrarySource;
  /** The family's id, which never changes while names do. */
  familyId?: string;
  badges?: ReactNode;
  /** A draft being edited: how what is typed is kept, in the same place on every editor. */
  saveState?: SaveState;
  /** The lifecycle buttons. */
  children?: ReactNode;
}

/** The head of every version page of the library: where it is, which version, its state and its actions. */
export function VersionHead({ back, name, version, status, source, familyId, badges, saveState, children }: VersionHeadProps) {
  return (
    <>
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <a {...linkTo(back.route)}>{back.label}</a> <span aria-hidden="true">›</span> <span>{name}</span>
      </nav>
      <header className="page-header">
        <div>
          <h1>
            {name} <span className="muted version">v{version}</span>
          </h1>
          {familyId !== undefined && <p className="muted small mono">{familyId}</p>}
          <div className="badges">
            <StatusBadge status={status} />
            <SourceBadge source={source} />
            {badges}
          </div>
          {saveState !== undefined && <SaveStateIndicator state={saveState} />}
        </div>
        {children !== undefined && <div className="toolbar">{children}</div>}
      </header>
    </>
  );
}

export function OfflineNotice({ children }: { children: ReactNode }) {
  return (
    <p className="warning" role="status">
      <strong>You are offline.</strong> {children}
    </p>
  );
}

/** Why a version is not editable here, and what to do instead. */
export function ReadOnlyNotice({ source, status, noun }: { source: LibrarySource; status: LibraryStatusName; noun: string }) {
  return (
    <p className="notice">
      {source === 'official'
        ? `Official content: read-only. Make your own copy to change this ${noun}.`
        : `This version is ${status} and never changes; a new version starts as a draft copy of it.`}
    </p>
  );
}

/** Up, down and remove buttons of a row, named after the row for screen readers. */
export function RowButtons({ label, index, count, onMove, onRemove, disabled, removable = true }: {
  label: string;
  index: number;
  count: number;
  onMove(by: number): void;
  onRemove(): void;
  disabled: boolean;
  removable?: boolean;
}) {
  return (
    <div className="lib-row-buttons">
      <button type="button" onClick={() => onMove(-1)} disabled={disabled || index === 0} aria-label={`Move ${label} up`} title="Move up">
        ↑
      </button>
      <button type="button" onClick={() => onMove(1)} disabled={disabled || index === count - 1} aria-label={`Move ${label} down`} title="Move down">
        ↓
      </button>
      {removable && (
        <button type="button" className="danger" onClick={onRemove} disabled={disabled} aria-label={`Remove ${label}`}>
          Remove
        </button>
      )}
    </div>
  );
}
