// A baseline for `npm run bench`: the least a Node script can do for one API call. Sends one GET with the key
// and prints the parsed body, with node:http (`http`) or the global fetch (`fetch`).
// Usage: node bench/bare-request.mjs http|fetch <url>   (the key comes from WS_API_KEY)
import http from 'node:http';

const [how, url] = process.argv.slice(2);
const headers = { accept: 'application/json', 'x-api-key': process.env.WS_API_KEY };

if (how === 'fetch') {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  process.stdout.write(`${JSON.stringify(await response.json(), null, 2)}\n`);
} else {
  http.get(url, { headers }, (response) => {
    if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}`);
    let text = '';
    response.setEncoding('utf8');
    response.on('data', (chunk) => (text += chunk));
    response.on('end', () => process.stdout.write(`${JSON.stringify(JSON.parse(text), null, 2)}\n`));
  });
}
