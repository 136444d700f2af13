/**
 * The code a host application runs to show an embedded dashboard with Superset's SDK, shown in
 * the "Embed dashboard" dialog with the embedding's uuid and this server's address filled in.
 */
export function embedCodeSample(uuid: string, origin: string): string {
  return `import { embedDashboard } from '@superset-ui/embedded-sdk';

embedDashboard({
  id: '${uuid}',
  supersetDomain: '${origin}',
  mountPoint: document.getElementById('dashboard'),
  // Your backend asks POST /api/v1/security/guest_token/ here for a token.
  fetchGuestToken: () => fetchGuestTokenFromYourBackend(),
  dashboardUiConfig: { hideTitle: false, filters: { expanded: true } },
});`;
}

/** The domains typed as Superset's dialog takes them: comma separated, blanks dropped. */
export function parseAllowedDomains(text: string): string[] {
  return text
    .split(',')
    .map((d) => d.trim())
    .filter((d) => d !== '');
}
