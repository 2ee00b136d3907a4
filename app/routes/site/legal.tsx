export default function Legal() {
  return <section className="mx-auto max-w-3xl px-4 py-24" />;
}
