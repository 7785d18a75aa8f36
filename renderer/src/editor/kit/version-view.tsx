import { useEffect, useState, type ReactNode } from 'react';
import { messageOf } from '@portal/shared/client';
import { linkTo, type Route } from '../../shell/router';
import { useOnline, type Operation } from './access';
import { ProblemsPanel, splitProblems } from './problems';
import { OfflineNotice, ReadOnlyNotice, VersionHead, type VersionHeadProps } from './version-head';

/**
 * Opens one version for its page: the local (replicated) copy when the device has it, else the
 * server's. One just made elsewhere may not have arrived yet, so the server is asked before
 * saying it does not exist; kinds not kept on the device are always read from the server.
 */
export function OpenVersion<V>({ what, back, versionKey, onDevice, keyOf, fromServer, children }: {
  /** What the page shows, for "Opening the workflow…": "workflow". */
  what: string;
  back: { label: string; route: Route };
  versionKey: string;
  /** The kind's versions on this device, `undefined` while they are read; `null` for kinds read from the server only. */
  onDevice: readonly V[] | undefined | null;
  keyOf(version: V): string;
  fromServer(): Promise<V>;
  children(version: V): ReactNode;
}) {
  const online = useOnline();
  const [fetched, setFetched] = useState<{ key: string; version: V | null; error: string | null } | null>(null);
  const local = onDevice?.find((v) => keyOf(v) === versionKey);
  const ask = onDevice !== undefined && local === undefined;
  useEffect(() => {
    if (!ask || fetched?.key === versionKey || !online) return;
    let live = true;
    fromServer().then(
      (version) => live && setFetched({ key: versionKey, version, error: null }),
      (e: unknown) => live && setFetched({ key: versionKey, version: null, error: messageOf(e) }),
    );
    return () => {
      live = false;
    };
    // `fromServer` is a new function each render; the key says which version it reads.
  }, [ask, fetched, versionKey, online]);

  const answer = fetched?.key === versionKey ? fetched : null;
  const found = local ?? answer?.version ?? undefined;
  if (found !== undefined) return <>{children(found)}</>;
  if (onDevice === undefined || (answer === null && online)) return <p className="muted">Opening the {what}…</p>;
  return <VersionMissing what={what} back={back} error={answer?.error ?? null} offline={!online} />;
}

/** A version that could not be opened: what happened, and the way back. */
function VersionMissing({ what, back, error, offline }: { what: string; back: { label: string; route: Route }; error: string | null; offline: boolean }) {
  return (
    <div className="page">
      <h1>{offline ? `This ${what} is not on this device` : `${what.charAt(0).toUpperCase()}${what.slice(1)} not found`}</h1>
      {offline ? (
        <OfflineNotice>It opens once you are back online, or after it has synced to this device.</OfflineNotice>
      ) : (
        <p className="error" role="alert">
          {error ?? `This ${what} is not on this device. It may have been removed, or it has not synced yet.`}
        </p>
      )}
      <p>
        <a {...linkTo(back.route)}>Back to {back.label.toLowerCase()}</a>
      </p>
    </div>
  );
}

/**
 * A version that is not edited here (active, superseded, or official): its head with "Make my own
 * copy" or "New version to edit" for those who may, why it is read-only, then its content.
 */
export function VersionView({ back, shown, familyId, badges, noun, canEdit, online, op, onNewVersion, offerNewVersion = true, actions, notice, children }: {
  back: VersionHeadProps['back'];
  shown: Pick<VersionHeadProps, 'name' | 'version' | 'status' | 'source'>;
  familyId: string;
  badges?: ReactNode;
  noun: string;
  canEdit: boolean;
  online: boolean;
  op: Operation;
  onNewVersion(): void;
  /** False when a newer version exists: new versions start from the newest. */
  offerNewVersion?: boolean;
  /** The kind's other actions on an active version (rename, set as default). */
  actions?: ReactNode;
  /** Said instead of the usual read-only notice (an official version the organization has a draft copy of). */
  notice?: ReactNode;
  children: ReactNode;
}) {
  const busy = !online || op.busy !== null;
  return (
    <div className="page">
      <VersionHead back={back} name={shown.name} version={shown.version} status={shown.status} source={shown.source} familyId={familyId} badges={badges}>
        {canEdit && shown.status === 'active' && (
          <>
            {offerNewVersion && (
              <button type="button" className="primary" onClick={onNewVersion} disabled={busy}>
                {shown.source === 'official' ? 'Make my own copy' : 'New version to edit'}
              </button>
            )}
            {actions}
          </>
        )}
      </VersionHead>
      {notice ?? <ReadOnlyNotice source={shown.source} status={shown.status} noun={noun} />}
      {canEdit && !online && <OfflineNotice>Making a new version needs the server.</OfflineNotice>}
      {op.error !== null && <ProblemsPanel title="The server refused this" problems={splitProblems(op.error)} />}
      {children}
    </div>
  );
}
