import { Outlet } from "react-router";

export default function Blog() {
  return (
    <section className="mx-auto max-w-5xl px-4 py-24">
      <h1 className="text-4xl font-bold">Blog</h1>
      <Outlet />
    </section>
  );
}
