import { Code, Container, Text, Title } from '@mantine/core';
import siteData from 'virtual:site-data';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/** The router's error view: spec text 'Unexpected Application Error!' with the status text or message. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <Container size="sm" py={96} component="main">
      <Title order={1} size="h2">
        {siteData.config.errors.unexpected}
      </Title>
      <Text mt="md">
        <Code>{detail}</Code>
      </Text>
    </Container>
  );
}
