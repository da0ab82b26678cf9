/**
 * The name of the kubeconfig file the console hands out, from the backend's base URL:
 * `<host>[-<port>]-kubeconfig.yaml`, so files from several consoles can sit side by side.
 */
export function kubeconfigFileName(baseUrl: string): string {
  let host = 'opsdeck';
  try {
    host = new URL(baseUrl).host || host;
  } catch {
    // not a URL: keep the default name
  }
  return `${host.replace(/[^A-Za-z0-9.-]+/g, '-').replace(/^-+|-+$/g, '')}-kubeconfig.yaml`;
}
