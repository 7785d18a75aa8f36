import { useCallback } from 'react';
import { docTypeName } from '@portal/shared';
import { useMarkedChain } from '../data/use-local';

/** A document type as the catalogue names it ("Driving licence", "Other document"), computed from the local copy, so offline too. */
export function useDocTypeName(): (docType: string) => string {
  const chain = useMarkedChain();
  return useCallback((docType: string) => docTypeName(docType, chain?.lookup.get(docType)?.name), [chain]);
}
