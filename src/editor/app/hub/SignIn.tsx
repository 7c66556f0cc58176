/** Signing in: email and password; a refusal says why in words (a wrong password, too many attempts) and keeps what was typed. */
import { Alert, Button, Container, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { hubApi } from './hub-api';

/** Where to go after signing in: the page that sent the person here, if it is one of the editor's own. */
function nextPage(): string {
  const next = new URLSearchParams(window.location.search).get('next') ?? '/';
  // Only a page of the editor itself: the URL parser decides (a backslash or a tab after the slash leaves the site).
  const url = new URL(next, window.location.origin);
  return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : '/';
}

export function SignIn() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useMutation({
    mutationFn: () => hubApi.signIn(email.trim(), password),
    // A new page: the editor's pages carry the new session's token.
    onSuccess: () => window.location.assign(nextPage()),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate();
  };
  return (
    <Container size={420} py={80} component="main" aria-labelledby="sign-in-title">
      <Title order={1} size="h2" id="sign-in-title" mb="lg">
        Sign in to the Reachwell editor
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          {signIn.isError && (
            <Alert color="red" role="alert" title="Not signed in">
              {signIn.error.message}
            </Alert>
          )}
          <Button type="submit" loading={signIn.isPending}>
            Sign in
          </Button>
        </Stack>
      </form>
    </Container>
  );
}
