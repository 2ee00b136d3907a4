export default function Contact() {
  return <section id="contact" className="mx-auto max-w-5xl px-4 py-24"><h1 className="text-4xl font-bold">Contact Us</h1></section>;
}
