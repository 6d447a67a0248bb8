import { deleteSigningCertificate, getSigningCertificate, uploadSigningCertificate } from '@legal/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useEsignKey } from '../esign-queries';

function useCertificateKey() {
  return [...useEsignKey(), 'signingCertificate'] as const;
}

export function useSigningCertificate() {
  return useQuery({ queryKey: useCertificateKey(), queryFn: ({ signal }) => api.call(getSigningCertificate, { signal }) });
}

/** Upload (multipart, with progress) and delete; each answers the new view, which replaces the cached one. */
export function useSigningCertificateMutations() {
  const key = useCertificateKey();
  const client = useQueryClient();
  const upload = useMutation({
    mutationFn: ({ file, password, onProgress }: { file: File; password: string; onProgress: (percent: number) => void }) => {
      const body = new FormData();
      // The password first: the server reads the parts in order, either order works.
      body.append('password', password);
      body.append('file', file, file.name);
      return api.upload(uploadSigningCertificate, { body, suppressErrorToast: true, onProgress: ({ percent }) => onProgress(percent ?? 0) });
    },
    onSuccess: (view) => client.setQueryData(key, view),
  });
  const remove = useMutation({
    mutationFn: () => api.call(deleteSigningCertificate, {}),
    onSuccess: (view) => client.setQueryData(key, view),
  });
  return { upload, remove };
}
