export default function Landing() {
  return null;
}
