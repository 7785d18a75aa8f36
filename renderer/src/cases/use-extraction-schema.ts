import { useEffect, useState } from 'react';
import type { DocTypeExtractionSchema } from '@portal/shared';
import { ok } from '@portal/shared/client';
import { useOnline } from '../data/use-online';
import { useApp } from '../shell/app-context';
import { humanizeKey } from './key-values';

type Fields = DocTypeExtractionSchema['fields'];

/**
 * The fields of the schema extraction uses for a document type (their labels, types and options),
 * fetched when online and kept in this browser's storage for the next time offline. Schemas are
 * not replicated; until one was fetched here, keys read as words and values' types are guessed.
 */
export function useSchemaFields(docType: string | undefined): Fields | undefined {
  const { api, storeScope } = useApp();
  const online = useOnline();
  const key = docType === undefined ? null : `portal:schema-fields:${storeScope}:${docType}`;
  const [fields, setFields] = useState<Fields | undefined>(() => read(key));

  useEffect(() => {
    setFields(read(key));
    if (!online || docType === undefined || key === null) return;
    let live = true;
    ok(api.GET('/doc-type-extraction-schemas/{docType}/resolved', { params: { path: { docType } } })).then(
      (resolved) => {
        if (!live) return;
        setFields(resolved.schema.fields);
        try {
          localStorage.setItem(key, JSON.stringify(resolved.schema.fields));
        } catch {
          // Storage full or refused: the labels come back online.
        }
      },
      // A type outside the marked chain has no schema to show: words and guesses serve.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, online, docType, key]);
  return fields;
}

function read(key: string | null): Fields | undefined {
  if (key === null) return undefined;
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? undefined : (JSON.parse(raw) as Fields);
  } catch {
    return undefined;
  }
}

/** A field's label: the schema's, else its key in words. */
export function labelOf(fields: Fields | undefined, name: string): string {
  const label = fields?.find((f) => f.name === name)?.label;
  return label !== undefined && label.trim() !== '' ? label : humanizeKey(name);
}
