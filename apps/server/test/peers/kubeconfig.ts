/**
 * A kubeconfig for a fake API server on loopback (plain HTTP, or TLS without verification)
 * whose one user signs in with a bearer token, as the fake servers of the tests insist on.
 */
export function tokenKubeconfig(server: string, token: string): string {
  return `apiVersion: v1
kind: Config
clusters:
  - name: fake
    cluster: {server: "${server}", insecure-skip-tls-verify: true}
users:
  - name: tester
    user: {token: ${token}}
contexts:
  - name: fake
    context: {cluster: fake, user: tester}
current-context: fake
`;
}
