import { useTitle } from '../../hooks/use-title.ts';
import { OnboardingForm } from '../../components/auth/onboarding-form.tsx';
import { SetupSteps } from '../../components/auth/setup-steps.tsx';

export default function OnboardingPage() {
  useTitle();
  return (
    <>
      <SetupSteps current="venue" />
      <OnboardingForm />
    </>
  );
}
