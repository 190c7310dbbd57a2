import { useContext } from 'react';
import { AuthContext, type AuthContextValue } from './auth-context';

/** The current auth state and the session actions. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}
