import { useEffect, useMemo, useState } from 'react';
import { combineLatest, map } from 'rxjs';
import { resolveSchemaVersion, type DocTypeExtractionSchema } from '@portal/shared';
import { ok } from '@portal/shared/client';
import { deriveMarkedChain } from '../data/marked-chain';
import { useObservable } from '../data/use-observable';
import { useOnline } from '../data/use-online';
import { useApp } from '../shell/app-context';
import { humanizeKey } from './key-values';

type Fields = DocTypeExtractionSchema['fields'];

/** Not looked at yet (the device has not answered). */
const OPENING = Symbol('opening');

/**
 * The fields of the schema extraction uses for a document type (their labels, types and
 * options), resolved on the device from the replicated extraction schemas and catalogues with
 * the server's ladder (`resolveSchemaVersion`), so offline too. Only while the device has none
 * (its first sync has not brought them) is the server asked; without either, keys read as words.
 */
export function useSchemaFields(docType: string | undefined): Fields | undefined {
  const { api, local } = useApp();
  const online = useOnline();
  const source = useMemo(
    () =>
      combineLatest([
        local.collections.extraction_schemas.find().$,
        // Only the catalogues: the chain says which docKind a type belongs to.
        local.collections.lists.find({ selector: { 'list.kind': { $in: ['docTypeCatalogOfficial', 'docTypeCatalogOrgCustom'] } } }).$,
        local.collections.organization.find().$,
      ]).pipe(
        map(([schemas, catalogues, organizations]) => {
          if (docType === undefined) return undefined;
          const marked = organizations[0]?.markedDocTypeCatalog;
          const kindOf = marked === undefined ? undefined : deriveMarkedChain(catalogues.map((c) => c.list), marked).lookup.get(docType)?.kind;
          return resolveSchemaVersion(schemas.map((s) => s.schema), docType, kindOf)?.schema.fields;
        }),
      ),
    [local, docType],
  );
  const onDevice = useObservable<Fields | undefined | typeof OPENING>(source, OPENING);
  const [fetched, setFetched] = useState<{ docType: string; fields: Fields } | undefined>(undefined);

  useEffect(() => {
    if (onDevice !== undefined || !online || docType === undefined) return;
    let live = true;
    ok(api.GET('/doc-type-extraction-schemas/{docType}/resolved', { params: { path: { docType } } })).then(
      (resolved) => {
        if (live) setFetched({ docType, fields: resolved.schema.fields });
      },
      // A type outside the marked chain has no schema to show: words and guesses serve.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, online, docType, onDevice]);

  if (onDevice !== OPENING && onDevice !== undefined) return onDevice;
  return fetched !== undefined && fetched.docType === docType ? fetched.fields : undefined;
}

/** A field's label: the schema's, else its key in words. */
export function labelOf(fields: Fields | undefined, name: string): string {
  const label = fields?.find((f) => f.name === name)?.label;
  return label !== undefined && label.trim() !== '' ? label : humanizeKey(name);
}
