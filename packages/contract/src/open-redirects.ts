/**
 * Ways a return address can try to leave the site (open redirects), for the tests of every
 * place that takes one: the account center's login callback and the address the app goes to
 * after login. Each is built for the site at `origin` and an attacker at `evil.example`; none
 * may lead a browser off `origin`.
 */
export function openRedirectVariants(origin: string): readonly string[] {
  const { host, hostname } = new URL(origin);
  const evil = 'evil.example';
  return [
    `https://${evil}/phish`,
    `http://${evil}/phish`,
    `//${evil}/phish`,
    `///${evil}/phish`,
    `/\\${evil}/phish`,
    `\\\\${evil}/phish`,
    `https:${evil}/phish`,
    `https:/${evil}/phish`,
    `https://${host}.${evil}/phish`,
    `https://${host}@${evil}/phish`,
    `https://${evil}\\@${host}/phish`,
    `https://${evil}#@${host}/phish`,
    `https://${evil}?@${host}/phish`,
    `//${host}@${evil}/phish`,
    `%2F%2F${evil}%2Fphish`,
    `https%3A%2F%2F${evil}%2Fphish`,
    `%252F%252F${evil}%252Fphish`,
    `javascript:alert(document.domain)`,
    `JaVaScRiPt:alert(1)`,
    ` javascript:alert(1)`,
    `java\tscript:alert(1)`,
    `data:text/html,<script>alert(1)</script>`,
    `\thttps://${evil}/phish`,
    `\nhttps://${evil}/phish`,
    `https://${evil}\n/phish`,
    `https://${hostname.replace('e', '\u0435')}/phish`,
    `https://${hostname}:8443/phish`,
    `${origin.startsWith('https:') ? 'http' : 'https'}://${host}/phish`,
    `${origin}//${evil}/phish`,
    `${origin}/\\${evil}/phish`,
  ];
}
