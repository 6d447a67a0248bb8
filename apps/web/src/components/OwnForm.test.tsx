import { fireEvent, render, screen } from '@testing-library/react';
import { createPortal } from 'react-dom';
import { describe, expect, it, vi } from 'vitest';
import { OwnForm } from './OwnForm';

function Nested({ outer, inner, innerIsOwn }: { outer: () => void; inner: () => void; innerIsOwn: boolean }) {
  const Inner = innerIsOwn ? OwnForm : 'form';
  return (
    <OwnForm aria-label="outer" onSubmit={(e) => { e.preventDefault(); outer(); }}>
      {createPortal(
        <Inner aria-label="inner" onSubmit={(e) => { e.preventDefault(); inner(); }}>
          <button type="submit">save</button>
        </Inner>,
        document.body,
      )}
    </OwnForm>
  );
}

describe('OwnForm', () => {
  it('keeps the submit of a form in a portal away from the form around it', () => {
    for (const innerIsOwn of [true, false]) {
      const outer = vi.fn();
      const inner = vi.fn();
      const { unmount } = render(<Nested outer={outer} inner={inner} innerIsOwn={innerIsOwn} />);
      fireEvent.submit(screen.getByRole('form', { name: 'inner' }));
      expect(inner).toHaveBeenCalledTimes(1);
      expect(outer).not.toHaveBeenCalled();
      unmount();
    }
  });

  it('still submits itself', () => {
    const outer = vi.fn();
    render(<Nested outer={outer} inner={vi.fn()} innerIsOwn />);
    fireEvent.submit(screen.getByRole('form', { name: 'outer' }));
    expect(outer).toHaveBeenCalledTimes(1);
  });
});
