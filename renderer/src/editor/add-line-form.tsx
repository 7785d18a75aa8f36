import { useId, useState, type FormEvent } from 'react';
import type { ExpectedDoc } from '@portal/shared';
import { messageOf, ok } from '@portal/shared/client';
import type { MarkedChain } from '../data/marked-chain';
import { useApp } from '../shell/app-context';
import { DocTypeSelect } from './doc-type-select';
import { Refusal } from './kit';

export interface AddLineFormProps {
  chain: MarkedChain | undefined;
  /** Where the line goes, for labels: "Add a document to Identity". */
  placeName: string;
  onAdd(entry: ExpectedDoc): void;
  disabled?: boolean;
}

/**
 * Adds a line from the marked catalogue (computed locally, so it works offline), or coins a new
 * document type into the organization's custom-documents catalogue first (that needs the server).
 */
export function AddLineForm({ chain, placeName, onAdd, disabled }: AddLineFormProps) {
  const { api, notify } = useApp();
  const selectId = useId();
  const [docType, setDocType] = useState('');
  const [coining, setCoining] = useState(false);


  const add = (event: FormEvent) => {
    event.preventDefault();
    const entry = chain?.lookup.get(docType);
    if (entry === undefined) return;
    onAdd(entry);
    setDocType('');
  };

  return (
    <div className="add-line">
      <form className="inline-form" onSubmit={add} aria-label={`Add a document to ${placeName}`}>
        <label htmlFor={selectId} className="visually-hidden">
          Document type for {placeName}
        </label>
        <DocTypeSelect id={selectId} chain={chain} value={docType} onChange={setDocType} disabled={disabled} />
        {/* Only with a type the catalogue holds: none chosen, or the catalogue reloading, and the click would do nothing. */}
        <button type="submit" disabled={disabled || chain?.lookup.get(docType) === undefined}>
          Add document
        </button>
        <button type="button" className="link" onClick={() => setCoining(!coining)} aria-expanded={coining} disabled={disabled}>
          New document type…
        </button>
      </form>
      {coining && chain !== undefined && (
        <CoinForm
          chain={chain}
          placeName={placeName}
          onCancel={() => setCoining(false)}
          onCoin={async (input) => {
            const entry = await ok(api.POST('/doc-types', { body: input }));
            onAdd(entry);
            setCoining(false);
            notify(`Added “${entry.name}” to your custom documents.`);
          }}
        />
      )}
    </div>
  );
}

interface CoinFormProps {
  chain: MarkedChain;
  placeName: string;
  onCoin(input: { name: string; kind: string; description?: string }): Promise<void>;
  onCancel(): void;
}

function CoinForm({ chain, placeName, onCoin, onCancel }: CoinFormProps) {
  const base = useId();
  const [name, setName] = useState('');
  const [kind, setKind] = useState(chain.docKinds[0]?.docType ?? '');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onCoin({ name: name.trim(), kind, ...(description.trim() ? { description: description.trim() } : {}) });
    } catch (e) {
      setError(messageOf(e));
      setBusy(false);
    }
  };

  return (
    <form className="coin-form form" onSubmit={(e) => void submit(e)} aria-label={`New document type for ${placeName}`}>
      <p className="muted small">
        Not in the catalogue? Coin a document type for your organization; it joins your custom documents and can be used in every list.
      </p>
      <div className="row">
        <div className="field">
          <label htmlFor={`${base}-name`}>New type name</label>
          <input id={`${base}-name`} required autoFocus value={name} onChange={(e) => setName(e.target.value)} disabled={busy} />
        </div>
        <div className="field">
          <label htmlFor={`${base}-kind`}>Kind</label>
          <select id={`${base}-kind`} required value={kind} onChange={(e) => setKind(e.target.value)} disabled={busy}>
            {chain.docKinds.map((k) => (
              <option key={k.docType} value={k.docType}>
                {k.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${base}-description`}>Description (helps the classifier recognise it)</label>
        <input id={`${base}-description`} value={description} onChange={(e) => setDescription(e.target.value)} disabled={busy} />
      </div>
      <Refusal message={error} />
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Adding…' : 'Create type and add it'}
        </button>
        <button type="button" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
