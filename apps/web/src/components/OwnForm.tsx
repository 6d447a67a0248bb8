import { type ComponentPropsWithoutRef } from 'react';

export type OwnFormProps = ComponentPropsWithoutRef<'form'>;

/**
 * A `<form>` that answers only its own submit. React bubbles events through portals along the
 * component tree, not the page: the submit of a form in a dialog (Mantine's Modal renders in a
 * portal) reaches the onSubmit of any form around the button that opened the dialog, as if that
 * form had been submitted too. This form keeps its submit to itself and ignores one bubbling up
 * from a form inside it; use it for forms in dialogs and for forms that open dialogs.
 */
export function OwnForm({ onSubmit, ...props }: OwnFormProps) {
  const submit: OwnFormProps['onSubmit'] = (event) => {
    event.stopPropagation();
    if (event.target !== event.currentTarget) return;
    onSubmit?.(event);
  };
  return <form {...props} onSubmit={submit} />;
}
