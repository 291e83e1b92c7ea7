import { ButtonLink } from '../../components/ui/Button';

export function NotFoundPage() {
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center px-4 py-16 text-center">
      <h1 className="bg-gradient-to-r from-brand-400 to-gold-400 bg-clip-text text-7xl font-extrabold text-transparent sm:text-8xl">404</h1>
      <p className="mt-4 text-xl font-semibold">Oops! Page not found</p>
      <p className="mt-2 max-w-md text-muted">The page you are looking for does not exist or has moved.</p>
      <ButtonLink to="/" className="mt-8">Return to Home</ButtonLink>
    </section>
  );
}
