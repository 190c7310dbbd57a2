import { LoginScreen } from './login-screen';
import { RouterLoginNav } from './router-login-nav';

// The app's /login route (app/router.tsx): the screen with the router's address and navigation. The
// prerendered /login renders the same screen with window.location's (standalone.tsx).

export { loginPageText, REGISTER_PARAM } from './login-screen';

/** The /login screen inside the app's router. */
export default function LoginPage() {
  return (
    <RouterLoginNav>
      <LoginScreen />
    </RouterLoginNav>
  );
}
