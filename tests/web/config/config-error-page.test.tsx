import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfigErrorPage } from '../../../web/src/config/config-error-page';
import { RuntimeConfigError } from '../../../web/src/config/load-runtime-config';

describe('ConfigErrorPage', () => {
  it('says plainly that the app could not start, why, and offers Try Again', () => {
    render(<ConfigErrorPage error={new RuntimeConfigError('/config.json answered HTTP 404.')} />);
    expect(screen.getByText('Kehila could not start')).toBeInTheDocument();
    expect(screen.getByText('/config.json answered HTTP 404.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
