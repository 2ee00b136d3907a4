import { describe, expect, it, vi } from "vitest";
import { createEditorLanguage } from "./editor-language.ts";

function fakeStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe("the content tabs' language", () => {
  it("is English until chosen, then remembered by the browser", () => {
    const storage = fakeStorage();
    const language = createEditorLanguage(() => storage);
    expect(language.get()).toBe("en");
    const heard = vi.fn();
    language.subscribe(heard);
    language.set("si");
    expect(language.get()).toBe("si");
    expect(heard).toHaveBeenCalledTimes(1);
    // The next page load reads it back.
    expect(createEditorLanguage(() => storage).get()).toBe("si");
  });

  it("reads the browser's choice once: another tab choosing later does not switch this page", () => {
    const storage = fakeStorage({ "agency-admin-language": "ta" });
    const language = createEditorLanguage(() => storage);
    expect(language.get()).toBe("ta");
    storage.setItem("agency-admin-language", "si");
    expect(language.get()).toBe("ta");
  });

  it("ignores an unknown value, and works without storage or with one that throws", () => {
    expect(createEditorLanguage(() => fakeStorage({ "agency-admin-language": "fr" })).get()).toBe("en");
    const none = createEditorLanguage(() => null);
    none.set("ta");
    expect(none.get()).toBe("ta");
    const broken = createEditorLanguage(() => ({
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("full");
      },
    }));
    expect(broken.get()).toBe("en");
    broken.set("si");
    expect(broken.get()).toBe("si");
  });
});
