import { Button } from './ui/button.tsx';
import { useConsent } from '../hooks/use-consent.ts';

/** The specification's banner: bottom-left, shown only while the choice is undecided. */
export function CookieConsent() {
  const { consent, accept, decline } = useConsent();
  if (consent !== 'undecided') return null;
  return (
    <section
      aria-label="Cookie consent"
      className="fixed bottom-4 left-4 z-50 w-[calc(100%-2rem)] max-w-sm rounded-lg border bg-card p-4 text-card-foreground shadow-lg"
    >
      <h2 className="font-semibold">We Use Cookies</h2>
      <p className="mt-2 text-sm text-muted-foreground">
        To give you the best experience, we use cookies to understand how our app is used and to make improvements. Your choice helps shape
        a better product.
      </p>
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={decline}>
          Decline
        </Button>
        <Button size="sm" onClick={accept}>
          Accept
        </Button>
      </div>
    </section>
  );
}
