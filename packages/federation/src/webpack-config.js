// One webpack config for the shell and every remote, so build behaviour cannot drift apart.
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { NormalModuleReplacementPlugin } = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const { SLIM_SHARED, sharedSingletons, slimSharedAliases } = require('./shared');
const { REMOTE_EXPOSES } = require('./apps');
const { CompileHintsPlugin, PreloadStartupChunksPlugin } = require('./startup-plugins');

/**
 * The runtime plugin that hands the shell's federation runtime to remotes. Its ES module build:
 * `experiments.provideExternalRuntime` injects the CommonJS one, which bundles a second copy of
 * the runtime beside the ES module copy the shell already has.
 */
const PROVIDE_RUNTIME_PLUGIN = path.join(
  path.dirname(
    require.resolve('@module-federation/inject-external-runtime-core-plugin', {
      paths: [require.resolve('@module-federation/enhanced/webpack')],
    }),
  ),
  'index.js',
);

/**
 * RTK Query's own imports of '@reduxjs/toolkit' take the package itself, not the shared slim module:
 * they need names (async thunks, matchers) the survey path would otherwise download with the slim
 * module. Only the remotes that read server data bundle RTK Query, and with it those names.
 */
const rtkQueryImportsPackage = () =>
  new NormalModuleReplacementPlugin(/^@reduxjs\/toolkit$/, (resource) => {
    if (/[\\/]@reduxjs[\\/]toolkit[\\/]dist[\\/]query([\\/]|$)/.test(resource.context)) {
      resource.request = SLIM_SHARED['@reduxjs/toolkit'].alias;
    }
  });

/**
 * graphql-request's imports of 'graphql' take a stand-in of the few names it imports, not the
 * parser and printer it never runs for the content client's string queries (slim/graphql.mjs).
 * Only graphql-request's: anything else that imports 'graphql' gets the package.
 */
const SLIM_GRAPHQL = path.join(__dirname, 'slim', 'graphql.mjs');
const graphqlRequestTakesSlimGraphql = () =>
  new NormalModuleReplacementPlugin(/^graphql$/, (resource) => {
    if (/[\\/]graphql-request[\\/]build[\\/]/.test(resource.context)) resource.request = SLIM_GRAPHQL;
  });

/**
 * @param {{ dir: string, container: string, port: number, kind: 'host' | 'remote', title?: string, html?: object }} app
 *   `html`: further options of the host's HtmlWebpackPlugin
 * @returns {(env: unknown, argv: { mode?: string }) => import('webpack').Configuration}
 */
function createWebpackConfig(app) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const pkg = require(path.join(app.dir, 'package.json'));
    const isHost = app.kind === 'host';
    return {
      mode: production ? 'production' : 'development',
      context: app.dir,
      // A remote's only entry is its federation container (remoteEntry.js).
      entry: isHost ? './src/index.ts' : {},
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(app.dir, 'dist'),
        // The host serves deep links (/survey/…) from index.html, so its assets need absolute paths;
        // remotes work out their own origin at runtime.
        publicPath: isHost ? '/' : 'auto',
        uniqueName: app.container,
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'], alias: slimSharedAliases(production) },
      module: {
        rules: [
          {
            test: /\.[jt]sx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2020',
                },
              },
            },
          },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name: app.container,
          filename: 'remoteEntry.js',
          ...(isHost ? { remotes: {} } : { exposes: REMOTE_EXPOSES }),
          shared: sharedSingletons(pkg.dependencies ?? {}, { eager: isHost }),
          manifest: true,
          dts: false,
          // The federation runtime ships once, in the shell: remotes use the shell's copy instead of
          // carrying their own (15 KB compressed on every remoteEntry.js). Remotes are only ever
          // loaded by the shell, which is built from the same federation version.
          ...(isHost ? { runtimePlugins: [PROVIDE_RUNTIME_PLUGIN] } : {}),
          // A remote takes the copy already loaded: the shell's, in its entry, or for a package the shell
          // does not share (the data layer) the first remote's. The default (version-first) downloads
          // every registered remote's entry to compare versions when sharing starts, remotes the page
          // never shows (29 KB in 6 requests on the dashboard's first screen).
          ...(isHost ? { shareStrategy: 'loaded-first' } : {}),
          experiments: {
            ...(isHost ? {} : { externalRuntime: true }),
            // Every app runs in the browser only: drop the runtime's Node.js script loading.
            optimization: { target: 'web' },
          },
        }),
        rtkQueryImportsPackage(),
        graphqlRequestTakesSlimGraphql(),
        new CompileHintsPlugin(),
        ...(isHost
          ? [
              new HtmlWebpackPlugin({
                template: './src/index.html',
                title: app.title ?? 'Sustainability Toolkit',
                ...app.html,
              }),
              new PreloadStartupChunksPlugin(),
            ]
          : []),
      ],
      // SWC's minifier (already installed for the loader) instead of terser: it halves a production
      // build (24 s to 13 s for the dashboard on two cores) and its output is no larger.
      optimization: { minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify })] },
      performance: { hints: false },
      devServer: {
        port: app.port,
        host: 'localhost',
        hot: true,
        historyApiFallback: isHost,
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: { warnings: false, errors: true } },
      },
    };
  };
}

module.exports = { createWebpackConfig, graphqlRequestTakesSlimGraphql };
