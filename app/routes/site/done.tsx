export default function Done() {
  return <section className="mx-auto max-w-5xl px-4 py-24"><h1 className="text-4xl font-bold">Done</h1></section>;
}
