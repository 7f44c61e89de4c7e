export function PwaTestPage() {
  return <main>PWA status</main>
}
