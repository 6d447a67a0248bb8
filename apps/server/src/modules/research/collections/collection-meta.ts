import { COLLECTION_DOCUMENT_STATUSES, COLLECTION_FILE_TYPES, COLLECTION_LIMITS, COLLECTION_VISIBILITIES, type CollectionMeta } from '@legal/api';

/**
 * The definitions of categories/meta/v1 (visibilities, statuses, accepted types, limits), with the
 * workspace's collection capacity; the super admin's categories/meta/v1 answers the same with the
 * default capacity and ko/en labels.
 */
export function collectionMeta(bytesPerWorkspace: number): CollectionMeta {
  const { nameMaxLength, descriptionMaxLength, collectionsPerWorkspace, documentsPerCollection, bytesPerCollection, documentsPerWorkspace, pagesPerRead } = COLLECTION_LIMITS;
  return {
    visibilities: [...COLLECTION_VISIBILITIES], documentStatuses: [...COLLECTION_DOCUMENT_STATUSES], fileTypes: [...COLLECTION_FILE_TYPES],
    limits: { nameMaxLength, descriptionMaxLength, collectionsPerWorkspace, documentsPerCollection, bytesPerCollection, documentsPerWorkspace, bytesPerWorkspace, pagesPerRead },
  };
}
