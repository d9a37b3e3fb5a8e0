import '@testing-library/jest-dom/vitest';
import '../test/dom';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CompanyLogo } from './CompanyLogo';

const picture = (container: HTMLElement) => container.querySelector('img');

describe('the company logo', () => {
  it('loads its small WebP width, not the stored file', () => {
    const { container } = render(<CompanyLogo src="/files/ab/cd/logo.png" initials="ST" />);
    expect(picture(container)).toHaveAttribute('src', '/img/160/ab/cd/logo.png.webp');
  });

  it('tries the stored file when the width fails, then shows the initials', () => {
    const { container } = render(<CompanyLogo src="/files/ab/cd/logo.png" initials="ST" />);
    fireEvent.error(picture(container) as HTMLImageElement);
    expect(picture(container)).toHaveAttribute('src', '/files/ab/cd/logo.png');
    fireEvent.error(picture(container) as HTMLImageElement);
    expect(picture(container)).toBeNull();
    expect(screen.getByText('ST')).toBeInTheDocument();
  });

  it('shows a logo held elsewhere as it is, and the initials when there is none', () => {
    const { container, rerender } = render(
      <CompanyLogo src="https://cdn.example.com/logo.svg" initials="ST" />,
    );
    expect(picture(container)).toHaveAttribute('src', 'https://cdn.example.com/logo.svg');
    rerender(<CompanyLogo src="" initials="ST" />);
    expect(picture(container)).toBeNull();
    expect(screen.getByText('ST')).toBeInTheDocument();
  });
});
