import { type TFunction } from 'i18next';
import { isApiError } from '../../lib/api';
import { uploadErrorKey } from '../files/use-file-uploads';

/**
 * Why an upload of a template failed, in the form's words: a stale form version (someone else
 * changed the form: reload), a template whose markers do not parse (the server's problems listed),
 * the file rules of the files module, or the server's own message.
 */
export function uploadFailureText(error: unknown, t: TFunction<'standardForms'>): string {
  if (!isApiError(error)) return t('errors.generic');
  if (error.code === 'ERROR_CONFLICT') return t('errors.stale');
  if (error.code === 'ERROR_TEMPLATE_INVALID') {
    const problems = (error.data as { problems?: unknown } | undefined)?.problems;
    const list = Array.isArray(problems) ? problems.map((p) => (typeof p === 'string' ? p : typeof p === 'object' && p && 'message' in p ? String(p.message) : JSON.stringify(p))) : [];
    return [t('errors.templateInvalid'), ...list].join(' ');
  }
  const key = uploadErrorKey(error);
  return key ? t(`errors.upload.${key}`) : error.message;
}
