import { useTranslation } from 'react-i18next';
import { Component, useState, type ReactNode } from 'react';

/** The specification's route error box: 'Something went wrong!' with a Show Error / Hide Error toggle. */
export function ErrorBox({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div role="alert" className="m-6 rounded-lg border border-destructive/40 bg-destructive/5 p-6">
      <h2 className="text-lg font-semibold text-destructive">{t('error.title')}</h2>
      <button type="button" className="mt-3 text-sm font-medium underline underline-offset-4" onClick={() => setShown((s) => !s)}>
        {shown ? t('error.hide') : t('error.show')}
      </button>
      {shown ? <pre className="mt-3 whitespace-pre-wrap break-words rounded bg-muted p-3 text-sm">{message}</pre> : null}
    </div>
  );
}

export class RouteErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidUpdate(prev: { resetKey?: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override render() {
    return this.state.error ? <ErrorBox error={this.state.error} /> : this.props.children;
  }
}
