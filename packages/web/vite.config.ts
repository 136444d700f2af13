import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The Tessera server (packages/server/src/web/routes.ts) serves dist/ under /static/ and answers
// every page route with index.html, so built URLs must start with /static/.
const BASE = '/static/';
const devServer = process.env.TESSERA_DEV_SERVER ?? 'http://localhost:8088';

// Libraries change far less often than the app: separate chunks keep them cached across releases.
const vendorGroups = [
  {
    name: 'react',
    test: /node_modules[\\/](react|react-dom|react-router|scheduler|react-redux|@reduxjs|redux|immer|reselect|use-sync-external-store|@babel[\\/]runtime)[\\/]/,
    priority: 30,
  },
  // antd itself is not one chunk: each page takes the components it uses, so the app shell loads
  // about half of it. Its icons (a kilobyte each) stay together rather than as dozens of files.
  {
    name: 'icons',
    test: /node_modules[\\/]@ant-design[\\/](icons|icons-svg)[\\/]/,
    priority: 20,
  },
  // Validation schemas are needed by admin forms only: their own chunk, loaded with those pages.
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 25 },
  // The SQL editor and the Arrow grid load with SQL Lab, not with every page.
  {
    name: 'codemirror',
    test: /node_modules[\\/](@codemirror|@uiw|@lezer|crelt|style-mod|w3c-keyname)[\\/]/,
    priority: 25,
  },
  // tslib is not Arrow's alone (ECharts uses it too): it stays with the shared vendor code.
  { name: 'arrow', test: /node_modules[\\/](apache-arrow|flatbuffers)[\\/]/, priority: 25 },
  // Map code and geometry load only with the map chart types, never with the app shell.
  { name: 'maplibre', test: /node_modules[\\/](maplibre-gl|@maplibre)[\\/]/, priority: 25 },
  {
    name: 'world-geometry',
    test: /node_modules[\\/](vega-datasets|topojson-client)[\\/]/,
    priority: 25,
  },
  // Chart drawing loads with the first chart, not with the app shell.
  { name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]/, priority: 25 },
  { name: 'd3', test: /node_modules[\\/](d3-[\w-]+|internmap)[\\/]/, priority: 25 },
  { name: 'markdown', test: /node_modules[\\/](marked|dompurify)[\\/]/, priority: 25 },
  { name: 'dnd', test: /node_modules[\\/]@dnd-kit[\\/]/, priority: 25 },
  // Everything else from node_modules, except antd and the packages only antd uses (left to
  // the pages that import them, see above).
  {
    name: 'vendor',
    test: /node_modules[\\/](?!(antd|@ant-design|@rc-component|rc-[\w-]+|@emotion|dayjs|classnames|throttle-debounce|compute-scroll-into-view|scroll-into-view-if-needed|stylis|json2mq|string-convert|toggle-selection|copy-to-clipboard)[\\/])/,
    priority: 10,
  },
];

export default defineConfig({
  base: BASE,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: { codeSplitting: { groups: vendorGroups } },
    },
  },
  server: {
    // `npm run dev -w @tessera/web` next to a running server: API calls go to the server.
    proxy: {
      '/api': devServer,
      '/logout': devServer,
      '/login/': {
        target: devServer,
        bypass: (req) => (req.method === 'GET' ? `${BASE}index.html` : undefined),
      },
    },
  },
});
