import { fireEvent, screen } from '@testing-library/react';
import { MESSAGES } from '@campuscare/shared';
import { renderPage } from '../../test/renderPage';
import { QuestionnairePage } from './QuestionnairePage';

describe('QuestionnairePage', () => {
  it('asks the spec’s questions with their allowed values and a Login link', () => {
    renderPage(<QuestionnairePage />, '/questions');
    expect(screen.getByRole('heading', { level: 1, name: "Let's know more about you" })).toBeInTheDocument();
    expect(
      Array.from((screen.getByLabelText('Genotype') as HTMLSelectElement).options).map((option) => option.value),
    ).toEqual(['', 'AA', 'AS', 'AC', 'SS', 'SC', 'CC']);
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'No' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/signin');
  });

  it('shows what is missing instead of saving an incomplete questionnaire', () => {
    renderPage(<QuestionnairePage />, '/questions');
    fireEvent.change(screen.getByLabelText('BMI'), { target: { value: '95' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText(MESSAGES.invalidGenotype)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.invalidBloodGroup)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.chooseDisabled)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.invalidBmi)).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/questions');
  });
});
