import { type Counterparty, type CounterpartyInput, type CounterpartyType } from '@legal/api';

/** A counterparty as the form holds it: every text as typed. */
export interface CounterpartyDraft {
  counterpartyType: CounterpartyType;
  name: string;
  businessRegistrationNumber: string;
  representative: string;
  address: string;
  contacts: ContactDraft[];
}

export interface ContactDraft {
  name: string;
  email: string;
  phone: string;
  department: string;
}

export const emptyContact = (): ContactDraft => ({ name: '', email: '', phone: '', department: '' });

export function emptyCounterparty(): CounterpartyDraft {
  return { counterpartyType: 'COMPANY', name: '', businessRegistrationNumber: '', representative: '', address: '', contacts: [] };
}

/** A stored counterparty (or bookmark) back into the form. */
export function draftOf(c: Pick<Counterparty, 'counterpartyType' | 'name' | 'businessRegistrationNumber' | 'representative' | 'address' | 'contacts'>): CounterpartyDraft {
  return {
    counterpartyType: c.counterpartyType,
    name: c.name,
    businessRegistrationNumber: c.businessRegistrationNumber ?? '',
    representative: c.representative ?? '',
    address: c.address ?? '',
    contacts: c.contacts.map((contact) => ({
      name: contact.name ?? '',
      email: contact.email ?? '',
      phone: contact.phone ?? '',
      department: contact.department ?? '',
    })),
  };
}

const orNull = (value: string) => value.trim() || null;

/** The wire body: blanks become null, empty contact rows are dropped, a person has no registration number. */
export function inputOf(draft: CounterpartyDraft): CounterpartyInput {
  return {
    counterpartyType: draft.counterpartyType,
    name: draft.name.trim(),
    businessRegistrationNumber: draft.counterpartyType === 'COMPANY' ? orNull(draft.businessRegistrationNumber) : null,
    representative: orNull(draft.representative),
    address: orNull(draft.address),
    contacts: draft.contacts
      .map((c) => ({ name: orNull(c.name), email: orNull(c.email), phone: orNull(c.phone), department: orNull(c.department) }))
      .filter((c) => c.name || c.email || c.phone || c.department),
  };
}
