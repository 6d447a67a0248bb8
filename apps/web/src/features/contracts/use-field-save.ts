import { type ContractDetail, type RouteBody, type RouteDescriptor } from '@legal/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api';
import { useEditFailure } from './contract-edit-errors';
import { type FormErrors, schemaErrors, serverErrors } from './contract-form-errors';
import { listKeys, setDetail, useContractsKey } from './contract-queries';

/** A per-field PUT of the contract: params `{contractId}`, a body of its own, the whole contract back. */
export type FieldRoute = RouteDescriptor & { schemas: { body: NonNullable<RouteDescriptor['schemas']['body']> } };

type LooseCall = (route: RouteDescriptor, input: { params: { contractId: number }; body: unknown; suppressErrorToast: boolean }) => Promise<unknown>;

/**
 * Saves one field of a contract through its own PUT, so two people editing different fields
 * never erase each other. The body is checked first with the route's own body schema, passed by
 * name (the web build drops `schemas` from descriptors, see vite.config.ts); field
 * errors (ours or the server's 400) come back by body path; a 409 reloads the contract
 * (useEditFailure). The answer replaces the cached contract; lists refetch when next shown.
 */
export function useFieldSave<R extends FieldRoute>(contractId: number, route: R, bodySchema: R['schemas']['body']) {
  const queryClient = useQueryClient();
  const base = useContractsKey();
  const onFailure = useEditFailure(contractId);
  const [errors, setErrors] = useState<FormErrors>({});
  const mutation = useMutation({
    // Every field route shares params and answer; only the body differs, typed by `save`.
    mutationFn: (body: unknown) => (api.call as unknown as LooseCall)(route, { params: { contractId }, body, suppressErrorToast: true }) as Promise<ContractDetail>,
    onSuccess: (detail) => {
      setDetail(queryClient, base, detail);
      void queryClient.invalidateQueries({ queryKey: listKeys(base), refetchType: 'none' });
    },
  });

  const save = (body: RouteBody<R>, onSaved?: () => void) => {
    const found = schemaErrors(bodySchema.safeParse(body));
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    mutation.mutate(body, {
      onSuccess: () => onSaved?.(),
      onError: (error) => {
        const fields = serverErrors(error);
        if (fields) setErrors(fields);
        // After a conflict the editor closes on the reloaded contract; other failures keep the draft.
        else if (onFailure(error) === 'reloaded') onSaved?.();
      },
    });
  };

  return { save, errors, isSaving: mutation.isPending, clearErrors: () => setErrors({}) };
}
