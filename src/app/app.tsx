// The app: providers around the router.
import { RouterProvider } from 'react-router-dom';
import { useState } from 'react';
import { Providers } from './providers';
import { createAppRouter } from './router';

export function App({ dir }: { dir: 'ltr' | 'rtl' }) {
  const [router] = useState(createAppRouter);
  return (
    <Providers dir={dir}>
      <RouterProvider router={router} />
    </Providers>
  );
}
