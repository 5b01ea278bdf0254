import { fireEvent, screen, within } from '@testing-library/react';
import { renderPage } from '../../test/renderPage';
import { HomePage } from './HomePage';

describe('HomePage', () => {
  it('answers all six FAQ topics in an accordion', () => {
    renderPage(<HomePage />, '/');
    const questions = screen.getAllByRole('button', { expanded: false });
    expect(questions).toHaveLength(6);
    fireEvent.click(screen.getByRole('button', { name: 'Can students access their medical information?' }));
    expect(screen.getByRole('button', { name: 'Can students access their medical information?' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('region', { name: 'Can students access their medical information?' })).toHaveTextContent(
      /health profile/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Can students access their medical information?' }));
    expect(
      screen.queryByRole('region', { name: 'Can students access their medical information?' }),
    ).not.toBeInTheDocument();
  });

  it('scrolls the menu items to their sections', () => {
    const scrollIntoView = jest.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    renderPage(<HomePage />, '/');
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Features' }));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(document.getElementById('features'));
  });

  it('links the calls to action and the spec’s image links', () => {
    renderPage(<HomePage />, '/');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    expect(within(header).getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Open the university dashboard' })).toHaveAttribute('href', '/dashboardd');
    expect(screen.getByRole('link', { name: 'Staff sign in' })).toHaveAttribute('href', '/adminsignin');
    expect(screen.getByRole('link', { name: 'Students deserve the best care' })).toHaveAttribute(
      'href',
      '/studentdashboard',
    );
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/register');
    expect(within(footer).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
  });
});
