import type { MetaFunction } from "@remix-run/cloudflare";
import { useUser } from "./_app";

export const meta: MetaFunction = () => [
  { title: "Hatid · Rider-owned delivery cooperative" },
  { name: "description", content: "Book package and food deliveries across the Philippines with riders who own the cooperative." },
];

export default function Home() {
  const user = useUser();
  return (
    <main className="page">
      <h1>Welcome, {user.firstName ?? user.email}</h1>
    </main>
  );
}
