import { downloadContractFile, downloadContractsZip, exportContractsExcel } from '@legal/api';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { saveBlob } from '../../lib/save-blob';
import { type ContractFilters, searchFilterBody } from './contract-search-params';

/** Exports stream from the server; a large workbook may take a while. */
const EXPORT_TIMEOUT_MS = 180_000;

const today = () => new Date().toISOString().slice(0, 10).replace(/-/g, '');

/** The contracts of the current search as an .xlsx workbook, with the caller's saved columns. */
export function useExcelExport() {
  return useMutation({
    mutationFn: async (filters: ContractFilters) => {
      const blob = await api.call(exportContractsExcel, {
        body: searchFilterBody(filters),
        query: { sort: `${filters.sort.field},${filters.sort.direction}` },
        timeoutMs: EXPORT_TIMEOUT_MS,
      });
      saveBlob(blob as Blob, `contracts-${today()}.xlsx`);
    },
  });
}

/** Every file of the selected contracts (a folder each) as one zip. */
export function useZipDownload() {
  return useMutation({
    mutationFn: async (contractIds: number[]) => {
      const blob = await api.call(downloadContractsZip, { body: { contractIds }, timeoutMs: EXPORT_TIMEOUT_MS });
      saveBlob(blob as Blob, `contracts-${today()}.zip`);
    },
  });
}

/** One document of a contract, through the contract (its readers need no file permission). */
export async function saveContractFile(contractId: number, file: { fileKey: string; displayName: string }): Promise<void> {
  const blob = await api.call(downloadContractFile, { params: { contractId }, query: { fileKey: file.fileKey }, timeoutMs: EXPORT_TIMEOUT_MS });
  saveBlob(blob as Blob, file.displayName);
}
