/** The phone sign-in wizard (spec section 2, Phone login flow). Built out in the sign-in work. */
export function SignInWizard() {
  return <p className="muted">Sign in with your Philippine mobile number.</p>;
}
