import type { Strings } from "../en.ts";

/**
 * What the server words in English and a page never carries: why it refused a
 * message sent through the Contact form or the chat's "Talk to the team" form
 * (server/contact/submit.ts), in the answer of the form's action or the API.
 * Apart from the page's strings (../en.ts), which the root loader sends with
 * every page; the server reads these through ../dictionaries.ts.
 */
export const en = {
  contactForm: {
    /** By why the server refused the message (server/contact/submit.ts), a body over the size limit, and a database that did not answer. */
    errors: {
      tooLarge: "Your message is too long to send. Please shorten it and try again.",
      invalid: "Please check the highlighted fields.",
      automated: "Your message looked automated, so it was not sent. Please try again, or email us directly.",
      rateLimited:
        "You have sent several messages in a short time. Please wait a few minutes and try again, or email us directly.",
      unavailable: "We could not send your message just now. Please try again in a moment, or email us directly.",
    },
    /** Beside each field, by what is wrong with it (content/contact-message.ts words them the same in English). */
    fieldErrors: {
      name: {
        required: "Please enter your name.",
        tooLong: "Name is too long: keep it under {max} characters.",
      },
      email: {
        required: "Please enter your email address.",
        invalid: "Please enter a valid email address, like name@example.com.",
        tooLong: "Email address is too long: keep it under {max} characters.",
      },
      company: {
        tooLong: "Company is too long: keep it under {max} characters.",
      },
      message: {
        required: "Please enter your message.",
        tooLong: "Message is too long: keep it under {max} characters.",
      },
    },
  },
  /** Beside the note of the chat's "Talk to the team" form when it is too long (the name's and email's are the Contact form's above). */
  chatLead: {
    noteTooLong: "Note is too long: keep it under {max} characters.",
  },
} as const;

/** The server's strings of one language: the shape of `en`, every leaf a string. */
export type ServerMessages = Strings<typeof en>;
