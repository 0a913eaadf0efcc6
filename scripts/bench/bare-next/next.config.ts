import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // The build is made inside the repository (.data/bench-bare-next), whose lockfile would otherwise
  // make the repository Turbopack's root and pull the app's own proxy and instrumentation in.
  turbopack: { root: __dirname },
};

export default nextConfig;
