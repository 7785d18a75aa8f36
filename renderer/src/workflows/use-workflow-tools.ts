import { useEffect, useMemo, useState } from 'react';
import { z } from 'zod';
import type { StepToolRule, WorkflowToolOption } from '@portal/shared';
import { messageOf, ok, type ApiClient } from '@portal/shared/client';
import { useApp } from '../shell/app-context';
import { useOnline } from '../editor/kit';

/** The registry changes only with the server's version, so one answer per client serves the session. */
const asked = new WeakMap<ApiClient, Promise<WorkflowToolOption[]>>();

export interface WorkflowTools {
  options: WorkflowToolOption[];
  byId: ReadonlyMap<string, WorkflowToolOption>;
  /** Each tool's settings as a zod schema, made from the JSON Schema the server publishes. */
  settings: ReadonlyMap<string, z.ZodType>;
  /** What `checkWorkflowSteps` of `@portal/shared` needs: the same rules the server activates by. */
  rules: ReadonlyMap<string, StepToolRule>;
}

/** The steps a workflow can have (GET /workflow-tools); `undefined` while asking, an error offline. */
export function useWorkflowTools(): { tools: WorkflowTools | undefined; error: string | null } {
  const { api } = useApp();
  const online = useOnline();
  const [options, setOptions] = useState<WorkflowToolOption[] | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (options !== undefined || !online) return;
    let live = true;
    let pending = asked.get(api);
    if (pending === undefined) {
      pending = ok(api.GET('/workflow-tools'));
      asked.set(api, pending);
      // A failed answer is not kept: the next page asks again.
      pending.catch(() => asked.delete(api));
    }
    pending.then(
      (o) => live && setOptions(o),
      (e: unknown) => live && setError(messageOf(e)),
    );
    return () => {
      live = false;
    };
  }, [api, online, options]);

  const tools = useMemo(() => {
    if (options === undefined) return undefined;
    const settings = new Map<string, z.ZodType>();
    const rules = new Map<string, StepToolRule>();
    for (const o of options) {
      const schema = z.fromJSONSchema(o.settingsSchema as Parameters<typeof z.fromJSONSchema>[0]);
      settings.set(o.id, schema);
      rules.set(o.id, { id: o.id, name: o.name, requires: o.requires, settings: schema as z.ZodType<Record<string, unknown>> });
    }
    return { options, byId: new Map(options.map((o) => [o.id, o])), settings, rules };
  }, [options]);

  return { tools, error: tools === undefined && !online ? 'The list of tools comes from the server: you are offline.' : error };
}
