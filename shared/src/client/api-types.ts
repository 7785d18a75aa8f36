/**
 * Generated from the server's OpenAPI document (GET /api/openapi.json) by openapi-typescript.
 * Do not edit: run `npm run contract:types` after changing a route or a contract schema
 * (test/api/contract-client.test.ts fails while this file is stale).
 */

export interface paths {
    "/access-matrix": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Rights and roles as the server enforces them, and your role */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AccessMatrix"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/guest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A guest key opening its own sandbox, no account needed
         * @description No body. The key acts as an Originator in a new sandbox organization, which is deleted with everything in it when the key expires. Limits: see `limits` (spec Part 8).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GuestKey"];
                    };
                };
                /** @description Too many requests; retry after the `Retry-After` seconds. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an organization and its first Manager, signed in
         * @description With no body, creates an instant account: generated three-word names, no password, kept for 30 days unless an email is added with PATCH /users/{id}. With an email, a link to confirm it is mailed (valid 7 days): the Manager works at once, but invitation mails to colleagues wait until the address is confirmed (POST /email-confirmation). Password hashing is capped and taken in turn per client address: 429 (with Retry-After) when this address has too many waiting, 503 (with Retry-After) when the server has.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            /** @description Optional: send no body for an instant account. */
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SignupInput"] | null;
                };
            };
            responses: {
                /** @description The new Manager; the session cookie is set. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["User"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Too many requests; retry after the `Retry-After` seconds. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The service is unavailable. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with email and password
         * @description Send the email as `email` (the sign-up field) or as `username`. A session cookie already in the browser is replaced. Failed sign-ins are throttled per account and address and per address alone (429). Password hashing is capped and taken in turn per client address: 429 (with Retry-After) when this address has too many waiting, 503 (with Retry-After) when the server has.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["LoginInput"];
                };
            };
            responses: {
                /** @description Signed in; the session cookie is set. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["User"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Too many requests; retry after the `Retry-After` seconds. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The service is unavailable. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device-sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in a desktop app: a session handed over as a bearer token
         * @description For clients on another origin (the desktop app), which cannot rely on the SameSite session cookie. Same credentials, throttle and lifetime as POST /login; send the token as `Authorization: Bearer <token>` (and, for collaboration sockets, as the `bearer.<token>` WebSocket subprotocol). POST /logout with it ends it. Changing or resetting the password ends it like any session.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["LoginInput"];
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DeviceSession"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Too many requests; retry after the `Retry-After` seconds. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The service is unavailable. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End this session
         * @description Always 204: also without a session, so a client can call it to be sure.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Signed out; the cookie is cleared. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in user
         * @description Needs a session; an API key has no user and gets 403. Conditional: the 200 carries a weak `ETag` (it changes whenever anything the answer is made of changes, and differs between organizations); send it back as `If-None-Match` to get 304 with no body while nothing changed. Conditional: the 200 carries a weak `ETag` (it changes whenever anything the answer is made of changes, and differs between organizations); send it back as `If-None-Match` to get 304 with no body while nothing changed.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["User"];
                    };
                };
                /** @description Not modified: the `If-None-Match` tag is still current; the body you have is the answer. */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change your password
         * @description Ends every other session of yours and re-issues the current one (a new cookie), and cancels every reset or invitation link mailed to you before. A wrong current password is 403 and the session stays valid. Password hashing is capped and taken in turn per client address: 429 (with Retry-After) when this address has too many waiting, 503 (with Retry-After) when the server has.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ChangePasswordInput"];
                };
            };
            responses: {
                /** @description Changed; a new session cookie is set. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Too many requests; retry after the `Retry-After` seconds. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The service is unavailable. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/password/forgot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a password reset link
         * @description Always 200, whether or not the email is known, and after the same work: the address is looked up, and a known, active account mailed a link valid 1 hour and usable once, after the answer.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ForgotPasswordInput"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ForgotPasswordAck"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/password/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with a reset or invitation token
         * @description Ends every session of that user and cancels every other open link mailed to them (it confirms their address, too). 400 when the token is invalid, already used or expired (or cancelled by a later password or address change); the token is checked before the password is hashed. Attempts are throttled per client address (429). Password hashing is capped and taken in turn per client address: 429 (with Retry-After) when this address has too many waiting, 503 (with Retry-After) when the server has.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ResetPasswordInput"];
                };
            };
            responses: {
                /** @description The password is set; sign in with it. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Too many requests; retry after the `Retry-After` seconds. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The service is unavailable. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/password/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * What a reset or invitation link is, without using it
         * @description The page a mailed link opens asks this first, so it can say whom the password is for (the invited address and organization: nobody types an address the server knows) or that the link is spent, expired or invalid before a password is typed. A POST rather than a GET: the token never goes in a URL, where request logs and proxies would keep it (the mail carries it in the fragment for the same reason). Nothing changes; the link stays usable. Look-ups count with password resets in the per-address throttle (429).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["PasswordLinkInput"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PasswordLink"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Too many requests; retry after the `Retry-After` seconds. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/email-confirmation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether your address is confirmed, and how many invitations wait for it
         * @description For a signed-in user: a Manager's invitation mails wait until their own address is confirmed, and this tells how many do. Needs a session; an API key has no address and gets 403, as for GET /me.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EmailConfirmationStatus"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Confirm your address with the mailed link
         * @description The token of the link mailed at sign-up or when an address changes (`/confirm-email#token=…`, valid 7 days, usable once). A Manager's invitation mails wait for it and go out now. Using a reset or invitation link confirms the address too. 400 when the token is invalid, used or expired; attempts are throttled per client address with password resets (429).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ConfirmEmailInput"];
                };
            };
            responses: {
                /** @description The address is confirmed. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Too many requests; retry after the `Retry-After` seconds. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/email-confirmation/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a new link to confirm your address
         * @description The link mailed before stops working. 403 for an API key; 409 when you have no address or it is already confirmed; 429 past the reset-mail throttle.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A new link is on its way. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Too many requests; retry after the `Retry-After` seconds. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The users of your organization */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["User"][];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Add a colleague
         * @description With `temporaryPassword` the colleague signs in with it and must change it; without, an invitation mail with a link to set a password (valid 7 days) is sent. Mails to colleagues go out only once the adding Manager's own address is confirmed (POST /email-confirmation); until then the colleague is listed, invited, and the mail waits. Additions (and address changes) are throttled per organization and per Manager (429). 409 only for an address already in your organization: an address with an account elsewhere is answered like a new one (see CreateUserInput).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateUserInput"];
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["User"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Too many requests; retry after the `Retry-After` seconds. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The service is unavailable. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Edit a colleague
         * @description 409 for deactivating or demoting yourself or the last active Manager, and for an email that already has an account (for a colleague still invited, a new address is a new invitation, answered as POST /users answers it). Deactivating, or setting a temporary password, ends the user’s sessions. A new password or a new address cancels every reset or invitation link mailed to the user before; a new address gets a link to confirm it (a colleague still invited: a new invitation). Address changes count in the invitation throttles (429). Adding an email to an instant account keeps the organization beyond its 30 days.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UpdateUserInput"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["User"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Too many requests; retry after the `Retry-After` seconds. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The service is unavailable. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/organization": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your organization */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Organization"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Rename your organization (its id never changes) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["RenameOrganizationInput"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Organization"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/organization/marked-doc-type-catalog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set the official catalogue your organization works from
         * @description Managers only. 409 when the id is not an official document catalogue with an active version.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["MarkedDocTypeCatalogInput"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Organization"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** API keys of your organization, active and revoked, newest first */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiKey"][];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        /** Create an API key; its secret is shown only in this answer */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateApiKeyInput"];
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CreatedApiKey"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API key (the row stays, listed as revoked) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Revoked, also when it already was. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Health of this server instance and its database */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The server and its database answer. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HealthStatus"];
                    };
                };
                /** @description The database does not answer. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HealthStatus"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This contract, as an OpenAPI 3.1.0 document */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The OpenAPI 3.1.0 document. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contact": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a message to the Compliance Portal team
         * @description 400 for a missing name, an invalid email or no topic picked; 429 when one address sends too many.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ContactInput"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ContactAck"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Too many requests; retry after the `Retry-After` seconds. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Model options per stage and your organization’s choice
         * @description One entry per analyzer stage, in pipeline order: preview, parse, classify, extract, intel, assistant. Readable by everyone in the organization, API keys included.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["StageModels"][];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/models/{stage}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Choose the model a stage runs on
         * @description For the whole organization, from the next stage that starts. Managers only (403 otherwise, API keys included). 400 for a stage or option that does not exist; an option must be one of the stage’s `options`.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    stage: components["schemas"]["ModelStage"];
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ChooseModelInput"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["StageModels"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/expected-doc-lists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your library of expected document lists: one row per version
         * @description Clients group the rows by id. Official list templates and catalogues are listed too (active and superseded versions), except those your own list of the same id has replaced: once it has an active version. Until then the official list stays listed, and a case given its id uses it. Conditional: the 200 carries a weak `ETag` (it changes whenever anything the answer is made of changes, and differs between organizations); send it back as `If-None-Match` to get 304 with no body while nothing changed. Conditional: the 200 carries a weak `ETag` (it changes whenever anything the answer is made of changes, and differs between organizations); send it back as `If-None-Match` to get 304 with no body while nothing changed.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ExpectedDocListListing"][];
                    };
                };
                /** @description Not modified: the `If-None-Match` tag is still current; the body you have is the answer. */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a list: v1, a draft with a blank scaffold
         * @description 400 when the name yields no usable id or a reserved one; 409 when the id exists (yours, or an official list’s).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ExpectedDocListInput"];
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ExpectedDocListRef"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/expected-doc-lists/{expectedDocListId}/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One version of a list
         * @description Official drafts, and every list of another organization, are 404. Conditional: the 200 carries a weak `ETag` (it changes whenever anything the answer is made of changes, and differs between organizations); send it back as `If-None-Match` to get 304 with no body while nothing changed. Conditional: the 200 carries a weak `ETag` (it changes whenever anything the answer is made of changes, and differs between organizations); send it back as `If-None-Match` to get 304 with no body while nothing changed.
         */
        get: {
            parameters: {
                query?: {
                    source?: components["schemas"]["LibrarySource"];
                };
                header?: never;
                path: {
                    /** @description Id of an expected document list family. */
                    expectedDocListId: string;
                    /** @description Integer version, 1 to 2147483647. */
                    version: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ExpectedDocList"];
                    };
                };
                /** @description Not modified: the `If-None-Match` tag is still current; the body you have is the answer. */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        /**
         * Save a draft
         * @description Only a draft is writable: 409 on an active or superseded version, and on official content. 400 when contract validation fails; the message names each failing line.
         */
        put: {
            parameters: {
                query?: {
                    source?: components["schemas"]["LibrarySource"];
                };
                header?: never;
                path: {
                    /** @description Id of an expected document list family. */
                    expectedDocListId: string;
                    /** @description Integer version, 1 to 2147483647. */
                    version: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ExpectedDocListEdit"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ExpectedDocList"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/expected-doc-lists/{expectedDocListId}/{version}/new-version": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make the next version from the active one, a draft copy
         * @description 201 with v(N+1), a draft. 409 when the version is not active (a draft is edited in place) or a newer version exists. On an official list template: your own copy, v1 draft of kind `expectedDocListCatalogOrgCustom` under the same id (409 when you already have that id, saying whether yours is still a draft). The official list stays listed and in use for new cases until your copy has an active version. On an official document catalogue: 409 (override entries through custom-documents).
         */
        post: {
            parameters: {
                query?: {
                    source?: components["schemas"]["LibrarySource"];
                };
                header?: never;
                path: {
                    /** @description Id of an expected document list family. */
                    expectedDocListId: string;
                    /** @description Integer version, 1 to 2147483647. */
                    version: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ExpectedDocListRef"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/expected-doc-lists/{expectedDocListId}/{version}/rename-as-new-version": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make the next version under a new name
         * @description One atomic write: v(N+1), a draft, carries the new name; version N keeps its own. The id does not change. 409 when the version is not active, a newer version exists, or on official content.
         */
        post: {
            parameters: {
                query?: {
                    source?: components["schemas"]["LibrarySource"];
                };
                header?: never;
                path: {
                    /** @description Id of an expected document list family. */
                    expectedDocListId: string;
                    /** @description Integer version, 1 to 2147483647. */
                    version: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["RenameInput"];
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ExpectedDocListRef"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/expected-doc-lists/{expectedDocListId}/{version}/activate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Activate a draft
         * @description 409 when the version is not a draft, or not complete enough to activate, and on official content. Answers the updated listing row. The active version it replaces becomes superseded in the same write. Not complete enough: no lines, or lines whose document types no longer resolve; a draft older than an active version cannot be activated.
         */
        post: {
            parameters: {
                query?: {
                    source?: components["schemas"]["LibrarySource"];
                };
                header?: never;
                path: {
                    /** @description Id of an expected document list family. */
                    expectedDocListId: string;
                    /** @description Integer version, 1 to 2147483647. */
                    version: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ExpectedDocListListing"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/expected-doc-lists/{expectedDocListId}/{version}/duplicate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Copy a version into a new list
         * @description The new list is v1, a draft, of kind `expectedDocListCatalogOrgCustom`, with the id the new name yields. 400 no usable or a reserved id; 409 when that id exists, or when the source is a document catalogue.
         */
        post: {
            parameters: {
                query?: {
                    source?: components["schemas"]["LibrarySource"];
                };
                header?: never;
                path: {
                    /** @description Id of an expected document list family. */
                    expectedDocListId: string;
                    /** @description Integer version, 1 to 2147483647. */
                    version: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ExpectedDocListDuplicateInput"];
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ExpectedDocListRef"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/expected-doc-lists/{expectedDocListId}/{version}/set-default": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make the list your organization’s default
         * @description Called on the active version; the whole list (all its versions) becomes the default and every other list loses it, atomically. Answers the library after the change. 404 no such version; 409 the version is not active, or it is a document catalogue. An official list template can be your default.
         */
        post: {
            parameters: {
                query?: {
                    source?: components["schemas"]["LibrarySource"];
                };
                header?: never;
                path: {
                    /** @description Id of an expected document list family. */
                    expectedDocListId: string;
                    /** @description Integer version, 1 to 2147483647. */
                    version: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ExpectedDocListListing"][];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/expected-doc-lists/{expectedDocListId}/{version}/insert-bundle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Insert a bundle into a draft as a subsection
         * @description A copy, not a link: the subsection holds one line per member with the catalogue’s requirement defaults, and keeps its lines when the bundle changes or is deleted. 400 unknown section or a member that no longer resolves; 404 unknown list, version or bundle; 409 not a draft.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Id of an expected document list family. */
                    expectedDocListId: string;
                    /** @description Integer version, 1 to 2147483647. */
                    version: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["InsertBundleInput"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ExpectedDocList"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/expected-doc-lists/{expectedDocListId}/{version}/insert-saved-section": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Insert a saved section into a draft
         * @description A copy: the section and its lines get ids of this list. 404 unknown list, version or saved section; 409 not a draft; 400 when its lines no longer resolve.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Id of an expected document list family. */
                    expectedDocListId: string;
                    /** @description Integer version, 1 to 2147483647. */
                    version: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["InsertSavedSectionInput"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ExpectedDocList"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/doc-type-catalog/marked": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your marked document catalogue, merged down to generic
         * @description Conditional: the 200 carries a weak `ETag` (it changes whenever anything the answer is made of changes, and differs between organizations); send it back as `If-None-Match` to get 304 with no body while nothing changed. Conditional: the 200 carries a weak `ETag` (it changes whenever anything the answer is made of changes, and differs between organizations); send it back as `If-None-Match` to get 304 with no body while nothing changed.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["MarkedDocTypeCatalog"];
                    };
                };
                /** @description Not modified: the `If-None-Match` tag is still current; the body you have is the answer. */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/doc-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Coin a document type into your custom-documents catalogue
         * @description 201 with the new entry, appended to custom-documents (created on first use; each coin makes its next active version). 200 with the existing entry, writing nothing, when the marked chain already has the id. 400 no usable id, a reserved id, or a kind that is not a docKind of the chain. 409 while custom-documents has a draft being edited.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CoinDocTypeInput"];
                };
            };
            responses: {
                /** @description The chain already has this document type; nothing was written. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ExpectedDoc"];
                    };
                };
                /** @description Coined into custom-documents. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ExpectedDoc"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/document-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The document types of your marked chain, with their schema versions
         * @description `fallback` first, then by name. Page kinds and the requirement defaults are not document types and are left out. Conditional: the 200 carries a weak `ETag` (it changes whenever anything the answer is made of changes, and differs between organizations); send it back as `If-None-Match` to get 304 with no body while nothing changed. Conditional: the 200 carries a weak `ETag` (it changes whenever anything the answer is made of changes, and differs between organizations); send it back as `If-None-Match` to get 304 with no body while nothing changed.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DocumentTypeListing"][];
                    };
                };
                /** @description Not modified: the `If-None-Match` tag is still current; the body you have is the answer. */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/doc-type-extraction-schemas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create the extraction schema of a document type
         * @description 201 with v1, a draft with no fields; a new document type is coined into custom-documents under `kind`. 200 with the existing schema (yours, else the official one) when the name already means a document type that has one. 400 no usable id, a reserved id, a page kind, or (for a new type) a kind that is not a docKind.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["DocTypeExtractionSchemaInput"];
                };
            };
            responses: {
                /** @description The name already means a document type with a schema; nothing was written. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DocTypeExtractionSchemaRef"];
                    };
                };
                /** @description Created: v1, a draft. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DocTypeExtractionSchemaRef"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/doc-type-extraction-schemas/{docType}/resolved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The schema extraction uses for a document type now
         * @description The active version of your own schema, else the official one; a type with neither resolves to its docKind’s schema, then to `fallback`. 404 when the document type is not in your marked chain.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Document type id. */
                    docType: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ResolvedExtractionSchema"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/doc-type-extraction-schemas/{docType}/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One version of a extraction schema
         * @description Official drafts, and every extraction schema of another organization, are 404. Conditional: the 200 carries a weak `ETag` (it changes whenever anything the answer is made of changes, and differs between organizations); send it back as `If-None-Match` to get 304 with no body while nothing changed. Conditional: the 200 carries a weak `ETag` (it changes whenever anything the answer is made of changes, and differs between organizations); send it back as `If-None-Match` to get 304 with no body while nothing changed.
         */
        get: {
            parameters: {
                query?: {
                    source?: components["schemas"]["LibrarySource"];
                };
                header?: never;
                path: {
                    /** @description Document type id. */
                    docType: string;
                    /** @description Integer version, 1 to 2147483647. */
                    version: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DocTypeExtractionSchema"];
                    };
                };
                /** @description Not modified: the `If-None-Match` tag is still current; the body you have is the answer. */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        /**
         * Save a draft
         * @description Only a draft is writable: 409 on an active or superseded version, and on official content. 400 when contract validation fails (repeated field names, options on a non-enum field).
         */
        put: {
            parameters: {
                query?: {
                    source?: components["schemas"]["LibrarySource"];
                };
                header?: never;
                path: {
                    /** @description Document type id. */
                    docType: string;
                    /** @description Integer version, 1 to 2147483647. */
                    version: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["DocTypeExtractionSchemaEdit"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DocTypeExtractionSchema"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/doc-type-extraction-schemas/{docType}/{version}/new-version": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make the next version from the active one, a draft copy
         * @description 201 with v(N+1), a draft. 409 when the version is not active (a draft is edited in place) or a newer version exists. On an official schema’s active version: your own v1 draft copy, which extraction prefers once active (409 when you already have versions of the type).
         */
        post: {
            parameters: {
                query?: {
                    source?: components["schemas"]["LibrarySource"];
                };
                header?: never;
                path: {
                    /** @description Document type id. */
                    docType: string;
                    /** @description Integer version, 1 to 2147483647. */
                    version: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DocTypeExtractionSchemaRef"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/doc-type-extraction-schemas/{docType}/{version}/rename-as-new-version": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make the next version under a new name
         * @description One atomic write: v(N+1), a draft, carries the new name; version N keeps its own. The id does not change. 409 when the version is not active, a newer version exists, or on official content.
         */
        post: {
            parameters: {
                query?: {
                    source?: components["schemas"]["LibrarySource"];
                };
                header?: never;
                path: {
                    /** @description Document type id. */
                    docType: string;
                    /** @description Integer version, 1 to 2147483647. */
                    version: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["RenameInput"];
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DocTypeExtractionSchemaRef"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/doc-type-extraction-schemas/{docType}/{version}/activate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Activate a draft
         * @description 409 when the version is not a draft, or not complete enough to activate, and on official content. Extraction reads it from now on; the active version it replaces becomes superseded in the same write. Not complete enough: no fields, or an enum field without options.
         */
        post: {
            parameters: {
                query?: {
                    source?: components["schemas"]["LibrarySource"];
                };
                header?: never;
                path: {
                    /** @description Document type id. */
                    docType: string;
                    /** @description Integer version, 1 to 2147483647. */
                    version: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DocTypeExtractionSchema"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflow-tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The steps a workflow can have
         * @description Preview and Parse (the spine, every workflow begins with them) followed by every registered tool, each with its settings schema.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WorkflowToolOption"][];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your workflows and the official ones
         * @description One row per workflow, its versions newest first, and which workflow is the default. Conditional: the 200 carries a weak `ETag` (it changes whenever anything the answer is made of changes, and differs between organizations); send it back as `If-None-Match` to get 304 with no body while nothing changed. Conditional: the 200 carries a weak `ETag` (it changes whenever anything the answer is made of changes, and differs between organizations); send it back as `If-None-Match` to get 304 with no body while nothing changed.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WorkflowListing"][];
                    };
                };
                /** @description Not modified: the `If-None-Match` tag is still current; the body you have is the answer. */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a workflow
         * @description v1, a draft holding the spine. 400 when the name yields no usable id or a reserved one; 409 when you have a workflow of that id.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WorkflowInput"];
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WorkflowRef"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflows/{workflowId}/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One version of a workflow
         * @description Official drafts, and every workflow of another organization, are 404. Conditional: the 200 carries a weak `ETag` (it changes whenever anything the answer is made of changes, and differs between organizations); send it back as `If-None-Match` to get 304 with no body while nothing changed. Conditional: the 200 carries a weak `ETag` (it changes whenever anything the answer is made of changes, and differs between organizations); send it back as `If-None-Match` to get 304 with no body while nothing changed.
         */
        get: {
            parameters: {
                query?: {
                    source?: components["schemas"]["LibrarySource"];
                };
                header?: never;
                path: {
                    /** @description Workflow id. */
                    workflowId: string;
                    /** @description Integer version, 1 to 2147483647. */
                    version: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Workflow"];
                    };
                };
                /** @description Not modified: the `If-None-Match` tag is still current; the body you have is the answer. */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        /**
         * Save a draft
         * @description Only a draft is writable: 409 on an active or superseded version, and on official content. 400 for a malformed body. The steps may still be incomplete; the answer’s `problems` lists what blocks activation.
         */
        put: {
            parameters: {
                query?: {
                    source?: components["schemas"]["LibrarySource"];
                };
                header?: never;
                path: {
                    /** @description Workflow id. */
                    workflowId: string;
                    /** @description Integer version, 1 to 2147483647. */
                    version: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WorkflowEdit"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Workflow"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflows/{workflowId}/{version}/new-version": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make the next version from the active one, a draft copy
         * @description 201 with v(N+1), a draft. 409 when the version is not active (a draft is edited in place) or a newer version exists. From an official workflow: your own copy under the same id, v1 draft (409 when you already have a workflow of that id); the id names your copy from then on, so if the official workflow was your default, your copy becomes it (runs of it need its version activated).
         */
        post: {
            parameters: {
                query?: {
                    source?: components["schemas"]["LibrarySource"];
                };
                header?: never;
                path: {
                    /** @description Workflow id. */
                    workflowId: string;
                    /** @description Integer version, 1 to 2147483647. */
                    version: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WorkflowRef"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflows/{workflowId}/{version}/activate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Activate a draft
         * @description 409 when the version is not a draft, or not complete enough to activate, and on official content. One-way, and it replaces nothing: earlier active versions stay active, and runs take the highest active version unless they pin one. Not complete enough: the message lists the problems.
         */
        post: {
            parameters: {
                query?: {
                    source?: components["schemas"]["LibrarySource"];
                };
                header?: never;
                path: {
                    /** @description Workflow id. */
                    workflowId: string;
                    /** @description Integer version, 1 to 2147483647. */
                    version: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Workflow"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflows/{workflowId}/set-default": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a workflow your organization’s default
         * @description Exactly one workflow is the default; the previous one loses it in the same write. 409 when the workflow has no active version.
         */
        post: {
            parameters: {
                query?: {
                    source?: components["schemas"]["LibrarySource"];
                };
                header?: never;
                path: {
                    /** @description Workflow id. */
                    workflowId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WorkflowListing"][];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/intel-templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your intel templates and the official ones
         * @description One row per version, each template’s versions together, newest version first. Conditional: the 200 carries a weak `ETag` (it changes whenever anything the answer is made of changes, and differs between organizations); send it back as `If-None-Match` to get 304 with no body while nothing changed. Conditional: the 200 carries a weak `ETag` (it changes whenever anything the answer is made of changes, and differs between organizations); send it back as `If-None-Match` to get 304 with no body while nothing changed.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["IntelTemplateListing"][];
                    };
                };
                /** @description Not modified: the `If-None-Match` tag is still current; the body you have is the answer. */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create an intel template
         * @description v1, a draft with no questions. 400 when the name yields no usable id or a reserved one; 409 when you have a template of that id.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["IntelTemplateInput"];
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["IntelTemplateRef"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/intel-templates/{templateId}/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One version of a intel template
         * @description Official drafts, and every intel template of another organization, are 404. Conditional: the 200 carries a weak `ETag` (it changes whenever anything the answer is made of changes, and differs between organizations); send it back as `If-None-Match` to get 304 with no body while nothing changed. Conditional: the 200 carries a weak `ETag` (it changes whenever anything the answer is made of changes, and differs between organizations); send it back as `If-None-Match` to get 304 with no body while nothing changed.
         */
        get: {
            parameters: {
                query?: {
                    source?: components["schemas"]["LibrarySource"];
                };
                header?: never;
                path: {
                    /** @description Intel template id. */
                    templateId: string;
                    /** @description Integer version, 1 to 2147483647. */
                    version: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["IntelTemplate"];
                    };
                };
                /** @description Not modified: the `If-None-Match` tag is still current; the body you have is the answer. */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        /**
         * Save a draft
         * @description Only a draft is writable: 409 on an active or superseded version, and on official content. 400 for an invalid body or a repeated question.
         */
        put: {
            parameters: {
                query?: {
                    source?: components["schemas"]["LibrarySource"];
                };
                header?: never;
                path: {
                    /** @description Intel template id. */
                    templateId: string;
                    /** @description Integer version, 1 to 2147483647. */
                    version: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["IntelTemplateEdit"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["IntelTemplate"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/intel-templates/{templateId}/{version}/new-version": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make the next version from the active one, a draft copy
         * @description 201 with v(N+1), a draft. 409 when the version is not active (a draft is edited in place) or a newer version exists. On an official template’s active version: your own copy under the same id, v1 draft (409 when you have a template of that id).
         */
        post: {
            parameters: {
                query?: {
                    source?: components["schemas"]["LibrarySource"];
                };
                header?: never;
                path: {
                    /** @description Intel template id. */
                    templateId: string;
                    /** @description Integer version, 1 to 2147483647. */
                    version: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["IntelTemplateRef"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/intel-templates/{templateId}/{version}/activate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Activate a draft
         * @description 409 when the version is not a draft, or not complete enough to activate, and on official content. One-way. The previously active version becomes superseded in the same write. Not complete enough: it has no questions; a draft older than a version already activated cannot be activated.
         */
        post: {
            parameters: {
                query?: {
                    source?: components["schemas"]["LibrarySource"];
                };
                header?: never;
                path: {
                    /** @description Intel template id. */
                    templateId: string;
                    /** @description Integer version, 1 to 2147483647. */
                    version: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["IntelTemplate"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/document-bundles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your document bundles, by name
         * @description Conditional: the 200 carries a weak `ETag` (it changes whenever anything the answer is made of changes, and differs between organizations); send it back as `If-None-Match` to get 304 with no body while nothing changed. Conditional: the 200 carries a weak `ETag` (it changes whenever anything the answer is made of changes, and differs between organizations); send it back as `If-None-Match` to get 304 with no body while nothing changed.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DocumentBundle"][];
                    };
                };
                /** @description Not modified: the `If-None-Match` tag is still current; the body you have is the answer. */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a bundle
         * @description 400 empty name, no members, a repeated member or one that is not a document type of your chain. 409 when the name exists (ignoring case).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["DocumentBundleInput"];
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DocumentBundle"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/document-bundles/{bundleId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Replace a bundle’s name and members
         * @description Lists that inserted the bundle keep their copy. 400 as for create; 404 no such bundle; 409 another bundle has the name.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Catalogue bundle id. */
                    bundleId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["DocumentBundleInput"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DocumentBundle"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        post?: never;
        /**
         * Delete a bundle
         * @description Lists that inserted it keep their subsection: an insert is a copy. 404 no such bundle.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Catalogue bundle id. */
                    bundleId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/saved-sections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your saved sections, by name
         * @description Conditional: the 200 carries a weak `ETag` (it changes whenever anything the answer is made of changes, and differs between organizations); send it back as `If-None-Match` to get 304 with no body while nothing changed. Conditional: the 200 carries a weak `ETag` (it changes whenever anything the answer is made of changes, and differs between organizations); send it back as `If-None-Match` to get 304 with no body while nothing changed.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SavedSection"][];
                    };
                };
                /** @description Not modified: the `If-None-Match` tag is still current; the body you have is the answer. */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Save a section for reuse (a copy, never a link)
         * @description Either copies a section of a stored list version (`from`), or takes the section’s content (`lines`, `subsections`), validated like a list save. 400 invalid content; 404 unknown list, version or section.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SavedSectionInput"];
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SavedSection"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/saved-sections/{savedSectionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a saved section
         * @description Lists it was inserted into keep their copy. 404 no such saved section.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    savedSectionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/collab/expected-doc-lists/{expectedDocListId}/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Edit a draft list together (y-websocket)
         * @description Upgrade (`GET` with `Connection: Upgrade`, `Upgrade: websocket`) to a WebSocket speaking the y-websocket protocol: Yjs sync and awareness, binary frames, as the stock `y-websocket` `WebsocketProvider` speaks it (server URL `…/collab/expected-doc-lists/{expectedDocListId}`, room name `{version}`). A plain `GET` (no upgrade) is answered 426 Upgrade Required with `Upgrade: websocket`; malformed parameters 400, before any upgrade.
         *
         *     **Authentication**: the session cookie, when the upgrade comes from the server’s own origin or one of `ALLOWED_ORIGINS` (checked on `Origin`, as for any cookie-authenticated change); or a bearer (an API key or a device session) in `Authorization: Bearer <token>`, or, for a browser, which cannot set that header on a WebSocket, as the subprotocol `bearer.<token>`. Offer the subprotocol `portal` (browsers require the server to pick one): `Sec-WebSocket-Protocol: portal, bearer.<token>`; the server answers `portal` and never echoes the token. Needs the right `library.read`; changing the document needs `library.edit`, on your own list, in a `draft` version. Active and superseded versions are served read-only.
         *
         *     **Messages** (each a varUint message type, then its body, lib0 encoding): `0` sync — `0` step 1 (a state vector), `1` step 2 (the updates the other side lacks), `2` update; `1` awareness (presence: who is editing where). On open both sides send step 1 and answer the other’s with step 2; after that every change is an update. The server stores each update before other instances see it, and relays it to every editor of the version.
         *
         *     **The document**: the map `content` holds `description` and `sections`, in the shape of a save (`ExpectedDocListEdit`); the map `status` is written by the server after each change: `state` `saved` (the draft now holds this content, with the defaults the catalogue fills in) or `invalid` with `errors` (kept in the document, not saved), and `savedAt`.
         *
         *     **Close codes**: 4401 not signed in; 4403 no right to read, or a change to a version you may not edit (not a draft, or not yours); 4404 no such list version (or another organization’s); 4413 a change the document cannot take — a value nested deeper than 32 levels, more than 200000 values, or a NUL character — with the reason (the change is not applied, stored or relayed; discard it before reconnecting). Codes 4400–4499 are final: y-websocket stops reconnecting. 4503 the server could not store a change after retrying: reconnect (y-websocket does), and the sync step sends it again. 1012 the server is restarting: reconnect. 1003 a message that could not be read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    expectedDocListId: string;
                    /** @description Integer version, 1 to 2147483647. */
                    version: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Switching Protocols: the WebSocket is open, subprotocol `portal`. Authentication is checked next; a refusal closes it with 4401, 4403 or 4404. */
                101: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description This operation is a WebSocket: send the upgrade (`Connection: Upgrade`, `Upgrade: websocket`). */
                426: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The case’s ledger, newest first
         * @description Every change to the case, as `{ seq, at, actor, action, target, detail }` rows (spec Parts 2 and 6). 404 no such application in your organization. Conditional: the 200 carries a weak `ETag` (it changes whenever anything the answer is made of changes, and differs between organizations); send it back as `If-None-Match` to get 304 with no body while nothing changed. Conditional: the 200 carries a weak `ETag` (it changes whenever anything the answer is made of changes, and differs between organizations); send it back as `If-None-Match` to get 304 with no body while nothing changed.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Application id. */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["LedgerEvent"][];
                    };
                };
                /** @description Not modified: the `If-None-Match` tag is still current; the body you have is the answer. */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}/events/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The whole ledger as JSON lines, oldest first, with its hash chain
         * @description Content type `application/x-ndjson`: one `LedgerExportLine` per line, from seq 1, each with `prevHash` and `hash`, so the trail can be kept and checked outside the portal (`hash` is the SHA-256 of the canonical JSON described on `LedgerExportLine`). 404 no such application in your organization.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Application id. */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description JSON lines, one `LedgerExportLine` each, oldest first. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/x-ndjson": string;
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}/events/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Checks the ledger’s hash chain and reports the first broken link
         * @description Recomputes every row’s hash from row 1 and checks that each names the one before and none is missing. 404 no such application in your organization.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Application id. */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["LedgerVerification"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Webhook endpoints of your organization, newest first
         * @description Each with its latest delivery (status, the receiver’s answer code, time, attempts). The secret is never listed.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookEndpoint"][];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Add an endpoint; its signing secret is shown only in this answer
         * @description Every ledger row written from now on whose action is in `events` (all when empty) is POSTed to `url`, signed per Standard Webhooks; nothing from before is sent. 400 not an http(s) URL, a URL with credentials, a loopback or private address (unless the server allows them), or an unknown event name.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateWebhookInput"];
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CreatedWebhookEndpoint"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove an endpoint and its delivery history */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Webhook endpoint id. */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Removed, with every delivery to it. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send one signed `webhook.test` delivery now and report the answer
         * @description Waits for the receiver (at most 15 seconds), records the delivery in the endpoint’s history and is not retried. Works on a deactivated endpoint too, to check a receiver before reactivating it. A 410 answer deactivates the endpoint.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Webhook endpoint id. */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookTestResult"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/reactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reactivate an endpoint deactivated by a 410 answer
         * @description Ledger rows written from now on are sent again; those written while it was inactive are not, unless replayed (POST /webhooks/{id}/replay with `since`). Also 200 when it was active.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Webhook endpoint id. */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookEndpoint"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the signing secret; the old one keeps signing for 24 hours
         * @description Shown only in this answer. Until `previousSecretExpiresAt`, every delivery carries two signatures in `webhook-signature` (`v1,<new> v1,<old>`), so a receiver verifying with either secret accepts it; a second rotation ends the first one’s overlap.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Webhook endpoint id. */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookSecretRotation"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The endpoint’s deliveries, newest first
         * @description Page back with `before` (the last id of a page).
         */
        get: {
            parameters: {
                query?: {
                    /** @description How many, newest first (at most 500). */
                    limit?: number;
                    /** @description Only deliveries older than this delivery id (the next page). */
                    before?: number;
                    /** @description Only deliveries in this state. */
                    status?: "pending" | "succeeded" | "failed" | "cancelled";
                };
                header?: never;
                path: {
                    /** @description Webhook endpoint id. */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookDelivery"][];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/deliveries/{deliveryId}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send one delivery again
         * @description The same body and `webhook-id`, as a new delivery queued after what is pending for its case, with a fresh set of retries. 404 no such delivery of this endpoint. 409 the endpoint is deactivated.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Webhook endpoint id. */
                    id: string;
                    /** @description Delivery id. */
                    deliveryId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookDelivery"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the ledger again from a time, or from a seq of one case
         * @description For a receiver that lost data: every ledger row written at or after `since` (or the case’s rows from `fromSeq`), after the endpoint was created and matching its events, is enqueued again with its original `webhook-id`. 404 no such endpoint or application. 409 the endpoint is deactivated.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Webhook endpoint id. */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookReplayInput"];
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookReplayResult"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your organization’s cases, newest first
         * @description Each with `docsFiled` and `docsTotal`: how many lines of its pinned list are satisfied, of how many. Conditional: the 200 carries a weak `ETag` (it changes whenever anything the answer is made of changes, and differs between organizations); send it back as `If-None-Match` to get 304 with no body while nothing changed. Conditional: the 200 carries a weak `ETag` (it changes whenever anything the answer is made of changes, and differs between organizations); send it back as `If-None-Match` to get 304 with no body while nothing changed.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationListing"][];
                    };
                };
                /** @description Not modified: the `If-None-Match` tag is still current; the body you have is the answer. */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a case without running anything
         * @description Pinned for good to the list version named: `expectedDocListId` alone takes its active version, `<id>/<N>` (or `version`) version N (spec Part 9.6). An id you copied from an official list names your copy once it has an active version, the official list until then. Add files with POST /applications/{id}/files and start a run with POST /workflows/{workflowId}/runs and `applicationId`. A new case waits at the gate (`run.state` `gated`, no `kind`). 400 a malformed list reference or a document catalogue; 404 no such list or version; 409 no active version, or a draft named.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateApplicationInput"];
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Application"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One case: its run, files and pinned list
         * @description Poll it every 5 to 10 seconds while a run is in flight (`run.progress` says how far it is; `run.preflight` while a run call checks files at the gate); a run takes minutes. 404 no such application in your organization. Conditional: the 200 carries a weak `ETag` (it changes whenever anything the answer is made of changes, and differs between organizations); send it back as `If-None-Match` to get 304 with no body while nothing changed. Conditional: the 200 carries a weak `ETag` (it changes whenever anything the answer is made of changes, and differs between organizations); send it back as `If-None-Match` to get 304 with no body while nothing changed.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Application id. */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Application"];
                    };
                };
                /** @description Not modified: the `If-None-Match` tag is still current; the body you have is the answer. */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add PDFs to a case
         * @description multipart/form-data, field `files` repeated. Each file is stored as it streams in; it is kept only when every file of the call is accepted: one refused file refuses the call whole, and `error` names every file refused with why. The next run covers the files no run has read. 400 a file that is not a PDF by its content, is password-protected or cannot be read (named), no file, or an `expectedDocId` that is not a line of the pinned list; 404 no such application; 413 more than 25 files, a file over 100 MB (named), or past a guest sandbox’s page quota.
         */
        post: {
            parameters: {
                query?: {
                    /** @description Declares what the files are for: the id of a line of the pinned list (400 when it names none). */
                    expectedDocId?: string;
                };
                header?: never;
                path: {
                    /** @description Application id. */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "multipart/form-data": components["schemas"]["SourceFilesInput"];
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Application"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body has a media type this operation does not accept. */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflows/{workflowId}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a case (or use one), receive its PDFs and take the gate with the workflow
         * @description The call is the consent to spend on the run; the caller is recorded as `decidedBy` (default: the key’s or user’s name) and `authenticatedAs`. Refused before anything is written: 404 unknown workflow, version, list or application; 409 a draft version pinned or no active version; 400 no files, missing applicant or expectedDocList, a malformed id, a file that is not a PDF (named). Then: 403 `emailRequired` for an instant account with no email (the case exists and waits at the gate); 409 red flags at pre-flight (`flags` and `applicationId`: the case waits at the gate with its files, a person decides); 409 a run in flight, or nothing new to read; 502 the analyzer could not be reached (`applicationId`, files kept). 413 more than 25 files or a file over 100 MB (named). 201: `run.state` is `previewing` (the workflow begins with Preview) or `running`; then poll GET /applications/{id}.
         */
        post: {
            parameters: {
                query?: {
                    /** @description Pins a workflow version; otherwise the highest active version runs. */
                    version?: number;
                };
                header?: never;
                path: {
                    /** @description Workflow id. */
                    workflowId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "multipart/form-data": components["schemas"]["WorkflowRunInput"];
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Application"];
                    };
                };
                /** @description The request is invalid; `error` names the field, or every file refused and why (`refusedFiles`): one refused file refuses the whole call. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GateRefused"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description An instant account with no email yet (`emailRequired`, `applicationId`); or the caller may not start runs. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GateRefused"];
                    };
                };
                /** @description No such workflow, version, expected document list or application in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GateRefused"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Red flags at pre-flight (`flags`, `applicationId`); no active version or a draft pinned; a run already in flight; nothing new to read. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GateRefused"];
                    };
                };
                /** @description More than 25 files, or a file over 100 MB (named), or past a guest sandbox’s page quota. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GateRefused"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body has a media type this operation does not accept. */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The analyzer could not be reached; the case waits at the gate with its files (`applicationId`). */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GateRefused"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}/run/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow a case live: its run and its ledger (server-sent events)
         * @description An event stream, for reviewers and integrators who would rather not poll. First an event `state` with the case’s `run` as GET /applications/{id} has it (`state`, `progress` with the stage and pages done, `lastRunError`), then again each time it changes; and an event `ledger` for every ledger row (`{ seq, at, actor, action, target, detail }`, as GET /applications/{id}/events lists them) with the row’s `seq` as its `id`: from the first row, or after `Last-Event-ID` on a reconnect (EventSource sends it), so nothing is missed or repeated. Changes made on any server instance arrive within a second. A comment line every 25 s keeps proxies from closing it. When the credential ends or loses `cases.read`, a last event `revoked` (`{ status, error }`) and the stream ends. 404 no such application in your organization.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Application id. */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The case’s run and ledger as they change (`text/event-stream`). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}/run/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stop the paid run in flight
         * @description The case returns to the gate with `lastRunError` saying who cancelled it; the files it covered stay unread, so the next run covers them. 409 while the run previews (a preview spends nothing and cannot be stopped) or when no run is in flight. 404 no such application.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Application id. */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Application"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}/run/bypass": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * “Process anyway”: a person overrides the red flags holding the case at the gate
         * @description The held run goes on with its workflow version over the files it held (those not removed since), with `decidedBy` and the person recorded (`gate.bypassed`). A person’s decision: API keys get 403. 409 when the case is not held by red flags. 403 `emailRequired` for an instant account with no email. 404 no such application.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Application id. */
                    id: string;
                };
                cookie?: never;
            };
            /** @description Optional: send no body to decide as yourself. */
            requestBody: {
                content: {
                    "application/json": components["schemas"]["GateDecisionInput"] | null;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Application"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description API keys cannot decide at the gate; or an instant account with no email (`emailRequired`). */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GateRefused"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}/files/{fileId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a source file no run has read (a decision at the gate)
         * @description The file record stays in the ledger (`file.removed`); the case no longer lists it and no run reads it. A run held at the gate forgets the file and its red flags. 409 once a run has read the file, or while a run in flight reads it. 404 no such application or file.
         */
        delete: {
            parameters: {
                query?: {
                    /** @description Who decides; defaults to the caller’s name. */
                    decidedBy?: string;
                };
                header?: never;
                path: {
                    /** @description Application id. */
                    id: string;
                    fileId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Application"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every document the case holds, filed or unmatched, in page order
         * @description The entry shape of spec Part 2, plus (our additions) per-field confidence and provenance (`document.keyFields`), the classifier’s `docType`, `confidence` and `alternatives`, the workflow’s `findings`, and `proposedSplits` of a range listed whole. Rules: a range that reads as several documents is listed whole until its split is confirmed (a person approving a piece, or the workflow’s `followSplits`); after confirmation its pieces are listed instead, each with its own address; each page is listed once, a page approved into a document belongs only to it, a junked page is not listed. Empty before any run landed. 404 no such application in your organization. Conditional: the 200 carries a weak `ETag` (it changes whenever anything the answer is made of changes, and differs between organizations); send it back as `If-None-Match` to get 304 with no body while nothing changed. Conditional: the 200 carries a weak `ETag` (it changes whenever anything the answer is made of changes, and differs between organizations); send it back as `If-None-Match` to get 304 with no body while nothing changed.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Application id. */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DocumentEntry"][];
                    };
                };
                /** @description Not modified: the `If-None-Match` tag is still current; the body you have is the answer. */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}/documents/{address}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a document: file it, with a PDF cut from the packet
         * @description Files the document against its proposed line, another line (`expectedDocId`), or as `"unmatched"`. With `spans`, at new page boundaries (any pages of the case, across files, in the order given); on a proposed piece’s address, confirms that split (its other pieces are listed in place of the range). The filed PDF is the pages of its spans copied from the packets with pdf-lib (nothing re-rendered), identified by `approval.approvedDocId`. An approval that fills a line moves the case listing’s `docsFiled` (and appends `case.completeness`). Recorded with `decidedBy` (default: the caller’s name, an API key’s name) and `authenticatedAs`, in one transaction with its ledger row. Decisions race safely: the first to take a document or page wins; a later one gets 409 whose `error` names the decision in its way, `decision <id> (<kind> of <address> by <decidedBy>, <at>)` (nothing changed: undo that decision to decide again). 404 no such application, document or file in your organization. 400 a line not of the pinned list, a page past a file’s end or named twice, boundaries that leave out the document.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Application id. */
                    id: string;
                    /** @description The document’s address, `<fileId>:p<first>-<last>` (or a proposed piece’s, to confirm its split). */
                    address: string;
                };
                cookie?: never;
            };
            /** @description Optional: no body approves the document as listed, as yourself. */
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ApproveDocumentInput"] | null;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DecisionResult"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The document or some of its pages were already decided (the `error` names the winner’s decision). */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description These pages cannot be cut from their packet (the PDF is damaged or too complex); `error` says what failed. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Cutting the pages took longer than the cutter allows, or the server is busy; try again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}/documents/{address}/settle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Settle a document: a person is done with it without filing it
         * @description It stays listed, `settled`, with `approval.outcome` `settled` and no filed PDF; it keeps the line it was proposed for. Recorded with `decidedBy` (default: the caller’s name, an API key’s name) and `authenticatedAs`, in one transaction with its ledger row. Decisions race safely: the first to take a document or page wins; a later one gets 409 whose `error` names the decision in its way, `decision <id> (<kind> of <address> by <decidedBy>, <at>)` (nothing changed: undo that decision to decide again). 404 no such application, document or file in your organization.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Application id. */
                    id: string;
                    /** @description The document’s address, `<fileId>:p<first>-<last>` (or a proposed piece’s, to confirm its split). */
                    address: string;
                };
                cookie?: never;
            };
            /** @description Optional: no body settles as yourself. */
            requestBody: {
                content: {
                    "application/json": components["schemas"]["DocumentDecisionInput"] | null;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DecisionResult"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The document was already decided (the `error` names that decision). */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}/documents/{address}/junk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Junk a document, or some of its pages: they leave the list
         * @description The pages stay in the source files and the ledger; `GET /pages-pdf` still serves them. Pages of the document not junked stay listed as a document of their own. Recorded with `decidedBy` (default: the caller’s name, an API key’s name) and `authenticatedAs`, in one transaction with its ledger row. Decisions race safely: the first to take a document or page wins; a later one gets 409 whose `error` names the decision in its way, `decision <id> (<kind> of <address> by <decidedBy>, <at>)` (nothing changed: undo that decision to decide again). 404 no such application, document or file in your organization. 400 `spans` naming pages of another document.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Application id. */
                    id: string;
                    /** @description The document’s address, `<fileId>:p<first>-<last>` (or a proposed piece’s, to confirm its split). */
                    address: string;
                };
                cookie?: never;
            };
            /** @description Optional: no body junks every page of the document, as yourself. */
            requestBody: {
                content: {
                    "application/json": components["schemas"]["JunkDocumentInput"] | null;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DecisionResult"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The document or some of its pages were already decided (the `error` names that decision). */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}/documents/{address}/key-data/{field}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Correct one key value of a document, as a person read it (or clear it)
         * @description Our addition (the spec has no such operation). A `correct` decision: the listed document’s `extractKeyData[field]` becomes `value` (`null` clears it), its `keyFields[field]` says a person set it (`corrected`, `confidence` 1) and where the value is printed on the document’s pages when it is found there. The field must be one of the extraction schema of the document’s type (the type of the line it is filed against when that line asks for a type with a schema of its own, else the type the run read); the value must be of the field’s type. The document may be decided already (approved or settled) or not: a correction takes no pages, so it races no filing; it stays with the document through later decisions that keep its pages, and is undone like any decision (POST …/decisions/{decisionId}/undo). Sending again the value your last correction of the field set answers that decision and records nothing (idempotent). Ledger: `document.corrected` (from, to, who), which webhooks deliver as any row. The organization’s later runs learn from it where documents of this layout print the field (nothing leaves the server). From the desktop: a decision request of kind `correct`. Recorded with `decidedBy` (default: the caller’s name) and `authenticatedAs`. 400 an address that is not one, a field not of the schema, a value not of the field’s type or missing; 404 no such application or document in your organization; 409 the document is no longer listed (another decision took it: `error` names it) or is a proposed piece whose split nobody confirmed.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Application id. */
                    id: string;
                    /** @description The document’s address, `<fileId>:p<first>-<last>` (or a proposed piece’s, to confirm its split). */
                    address: string;
                    /** @description A field of the document type’s extraction schema, e.g. `netPay`. */
                    field: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CorrectKeyDataInput"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DecisionResult"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The document is no longer listed (the `error` names the decision that took it), or is a proposed piece not yet confirmed. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}/decisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every decision on the case’s documents, in the order made (undone ones too)
         * @description 404 no such application in your organization.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Application id. */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DocumentDecision"][];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}/decisions/{decisionId}/undo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Undo a decision nothing later depends on
         * @description The list becomes what the other decisions make of the proposals, as if this one had not been made; an approval’s filed PDF is withdrawn (its file answers 404). A later decision that touched any page this one touched depends on it: 409 naming it in `error` (undo that one first). 409 already undone. 404 no such application or decision. Ledger: `decision.undone`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Application id. */
                    id: string;
                    decisionId: string;
                };
                cookie?: never;
            };
            /** @description Optional: no body undoes as yourself. */
            requestBody: {
                content: {
                    "application/json": components["schemas"]["DocumentDecisionInput"] | null;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DecisionResult"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A later decision depends on it (the `error` names that decision), or it was already undone. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}/completeness": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Which lines of the pinned list the case’s documents satisfy, as decided so far
         * @description Counts the listed documents filed against each line (approved, settled, or proposed and waiting). 404 no such application in your organization.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Application id. */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CaseCompleteness"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}/approved-docs/{approvedDocId}/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A filed PDF, cut from the packet; with ?kind=md its text with page provenance
         * @description The PDF (`application/pdf`), named by `Content-Disposition` from the document’s `suggestedName`; range requests (`Range: bytes=…`) answered with 206, an unsatisfiable one with 416. Cut stripped of active content: JavaScript, actions other than links within the document and to http(s)/mailto addresses (which are kept: they do nothing until clicked), embedded files and XFA forms. With `?kind=md`: markdown (`text/markdown`), a `<!-- page <fileId>:p<n> -->` marker before each page’s text, in the document’s page order. 404 no such application or filed document (or its approval was undone).
         */
        get: {
            parameters: {
                query?: {
                    /** @description `md`: the text of its pages as markdown, each page preceded by a `<!-- page <fileId>:p<n> -->` marker. Default: the PDF. */
                    kind?: "pdf" | "md";
                };
                header?: never;
                path: {
                    /** @description Application id. */
                    id: string;
                    approvedDocId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The filed PDF; with `?kind=md`, its text as markdown. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": string;
                        "text/markdown": string;
                    };
                };
                /** @description The byte range asked for (`Range: bytes=…`) of the PDF. */
                206: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": string;
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The range is outside the file. */
                416: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}/text": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The whole case as one markdown document
         * @description Every listed document in page order: YAML front matter naming it (`address`, `title`, `type`, `line` — null when unmatched —, `settled`, `decision`, `approvedDocId`, `spans`, `keyData`, `findings`; values written as JSON, which YAML reads), then each of its pages: a `<!-- page <fileId>:p<n> -->` marker and the page’s text lines as read. 404 no such application in your organization.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Application id. */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The case as markdown. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/markdown": string;
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}/files/{fileId}/pages/{page}/lines": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The text lines a run read on one page, with where each sits
         * @description Our addition (not in the spec), for page viewers: the page’s size and its lines in reading order, each with its 0-based index (what a key value’s provenance, `document.keyFields[field].line`, names) and its box in PDF points, origin at the page’s top-left corner. 404 no such application, file (or a removed one) or page, or a page no run has read yet; 400 a page that is not a positive integer.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Application id. */
                    id: string;
                    /** @description A source file of the case. */
                    fileId: string;
                    /** @description 1-based page of that file. */
                    page: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PageLines"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}/pages-pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Any pages of the case as one PDF, in the order given
         * @description `span=<fileId>:p<first>-<last>`, repeatable; each span’s pages in order, spans in the order given (copied from the packets, nothing re-rendered), stripped of active content as filed PDFs are (JavaScript, actions but in-document and http(s)/mailto links, embedded files, XFA). Junked pages too: they are still the case’s. 400 a malformed span or a page past its file’s end; 404 no such application, or a file not of this case. Range requests answered with 206.
         */
        get: {
            parameters: {
                query: {
                    /** @description `<fileId>:p<first>-<last>`, repeatable: the pages to send, in the order given. 400 when malformed or past the file’s last page; 404 a file not of the case. */
                    span: string | string[];
                };
                header?: never;
                path: {
                    /** @description Application id. */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The pages as one PDF. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": string;
                    };
                };
                /** @description The byte range asked for (`Range: bytes=…`) of that PDF. */
                206: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": string;
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The range is outside the file. */
                416: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description These pages cannot be cut from their packet (the PDF is damaged or too complex); `error` says what failed. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Cutting the pages took longer than the cutter allows, or the server is busy; try again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}/expected-docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The expected documents set for a case, and how far its documents satisfy them
         * @description Our addition (the spec names the tag, not its operations): the list version the case is checked against, its lines in list order (a line waived for the case marked, with who and why) then the lines added for the case, and the completeness of the case’s listed documents against them (a waived line counts in neither `satisfied` nor `total`). 404 no such application in your organization.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Application id. */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CaseExpectedDocs"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}/expected-doc-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Check a case against another list, or another version of its list
         * @description Our addition. The case is pinned to the list version it was created on (spec Part 9.4) until a person sets another here: `expectedDocListId` alone takes the list’s active version, `<id>/<N>` (or `version`) version N, which must be active or superseded (a draft still changes). Its lines are copied onto the case as at creation. Lines set by hand stay, except a waiver of a line the new version lacks and a line added under an id the new version has, which are dropped (the ledger row `list.changed` names them, and the documents left unmatched). One transaction under the case’s lock: the case, its documents relisted, a ledger row, and `case.completeness` (detail `because`) when the satisfied lines or their number moved. A document filed against a line the case no longer has (by a run, or approved by a person) counts for no line: it is listed without `expectedDocId`, `settled` false, with the finding `expected-docs`/`line_removed`, waiting to be filed again (an approval keeps its filed PDF and its pages: undo it, then approve against a line). Changing nothing (the same again) answers the case as it is and records nothing. Managers only (right `expectedDocs.set`: an exception to the organization’s checklist). 409 while a run is in flight: it files against the lines it started with. 400 a malformed reference, or a document catalogue; 404 no such application, list or version that your organization reads (another organization’s list does not exist for you); 409 a draft, no active version, or a run in flight.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Application id. */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SetExpectedDocListInput"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CaseExpectedDocs"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}/expected-docs/{expectedDocId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set a line of a case by hand: waive a line of its list, or add one for this case
         * @description Our addition. `kind` `waived`: the case need not satisfy that line of its list (ledger `line.waived`); documents may still be filed against it. `kind` `added`: a line of this case alone, under the path’s `expectedDocId` (ledger `line.added`): runs and people file against it like a list line, and it counts towards completeness. A reason is required. Setting a line again replaces what was set on it. One transaction under the case’s lock: the case, its documents relisted, a ledger row, and `case.completeness` (detail `because`) when the satisfied lines or their number moved. A document filed against a line the case no longer has (by a run, or approved by a person) counts for no line: it is listed without `expectedDocId`, `settled` false, with the finding `expected-docs`/`line_removed`, waiting to be filed again (an approval keeps its filed PDF and its pages: undo it, then approve against a line). Changing nothing (the same again) answers the case as it is and records nothing. Managers only (right `expectedDocs.set`: an exception to the organization’s checklist). 409 while a run is in flight: it files against the lines it started with. 400 an invalid body, a document type not of your marked chain, `maxCount` below `minCount`; 404 no such application, or waiving a line the list does not have; 409 adding a line the list has, or a run in flight.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Application id. */
                    id: string;
                    /** @description The line: an `expectedDocId` (a line of the case’s list, or one added for the case). */
                    expectedDocId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SetExpectedDocInput"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CaseExpectedDocs"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        post?: never;
        /**
         * Clear what was set by hand on a line of a case
         * @description Our addition. A waived line counts again; an added line is gone, and documents filed against it are listed unmatched (ledger `line.cleared`, naming them). One transaction under the case’s lock: the case, its documents relisted, a ledger row, and `case.completeness` (detail `because`) when the satisfied lines or their number moved. A document filed against a line the case no longer has (by a run, or approved by a person) counts for no line: it is listed without `expectedDocId`, `settled` false, with the finding `expected-docs`/`line_removed`, waiting to be filed again (an approval keeps its filed PDF and its pages: undo it, then approve against a line). Changing nothing (the same again) answers the case as it is and records nothing. Managers only (right `expectedDocs.set`: an exception to the organization’s checklist). 409 while a run is in flight: it files against the lines it started with. 404 no such application, or nothing set on that line; 409 a run in flight.
         */
        delete: {
            parameters: {
                query?: {
                    /** @description Who decides; defaults to the caller’s name. */
                    decidedBy?: string;
                };
                header?: never;
                path: {
                    /** @description Application id. */
                    id: string;
                    /** @description The line: an `expectedDocId` (a line of the case’s list, or one added for the case). */
                    expectedDocId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CaseExpectedDocs"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}/files/{fileId}/analysis": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send what your own engine read of a source file; the run takes it instead of reading those pages
         * @description Our addition (the spec names the tag `analysis ingest`, not its operations). Two formats: `prediction`, the corpus scorer’s prediction format for one packet (`{ packet, flags, documents: [{ pages, docType, keyData }] }`, as `npm run analyze` prints it, confidences and `fields` optional) with `pages` added for the page text (lines with boxes in the page’s units); and `azure-document-intelligence`, the `analyzeResult` of Azure AI Document Intelligence (REST 2023-07-31 or later: `pages[].lines[]` with polygons, `documents[]` with `docType`, `boundingRegions` and `fields`; `words` are not read and may be left out). Precedence, page by page and document by document: the run that reads the file (the next one, since a run reads a file once) takes the ingest’s lines for the pages it gives (no OCR of a scan it gives; citations and key values then name its lines), its documents (pages, type, confidence) in place of the splitter and classifier for the pages they cover (the other pages are split and typed as usual, then filed against the case’s lines as any document), and a document’s key data in place of extraction when it gives some; what comes from it carries `source` `analysis:<ingestId>` (`document.source`, `keyFields[…].source`, the page’s lines). Red flags are always our pre-flight’s. The latest ingest of a file is the one taken (`current`); sending another replaces it, and only the latest few of a file are kept (3 by default): older ones are deleted (their ledger rows stay; the ingest a run used is never deleted). Page numbers are checked against the file (1 to its page count), document types against your marked catalogue chain, key values against the fields of their type’s extraction schema: a field not of the schema, or a value not of its field’s type, is left out and listed in `ignored`. Ledger: `analysis.ingested`. Bodies up to 16 MiB and 200,000 JSON values; what is kept of one (its page lines, documents and `ignored`, as JSON) up to 8 MiB by default. Each organization may send a number of ingests, and MiB of them as kept, per window (by default 1,000 an hour and 512 MiB a day, every key and person together); every attempt counts towards the number, refused ones too. 400 an invalid body (an Azure field part of the wrong type is named), a page past the end of the file (named), a page in two documents, a document type not in your catalogue; 404 no such application or file; 409 the file was read by a run already, or a run reading it is in flight; 413 a body over 16 MiB, or more kept than the server keeps per ingest (nothing is stored); 429 past the organization’s number or MiB of ingests for the window, with `Retry-After`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Application id. */
                    id: string;
                    /** @description A source file of the case. */
                    fileId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["AnalysisIngestInput"];
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AnalysisIngest"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Too many requests; retry after the `Retry-After` seconds. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}/analysis": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The analysis ingests of a case, newest first
         * @description Our addition. Each with the pages and documents it gives, what was left out of it (`ignored`), whether it is the one a run of its file takes (`current`), and the run that used it. 404 no such application in your organization.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Application id. */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AnalysisIngest"][];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{applicationId}/intel-briefs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The case’s intel briefs, newest first
         * @description Each brief without its sections, with how many are done or failed and what they spent. 404 no such application in your organization.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Application id. */
                    applicationId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["IntelBriefListing"][];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Answers an intel template over the case
         * @description One question per section, answered in parallel by the engine chosen for the `intel` stage (`GET /models`: the built-in retrieval by default, nothing leaves the server; or an OpenAI-compatible model) over every page of every file of the case that a run read, except the pages a person junked: those are never cited (a brief made before the junk keeps its citations, their `address` null). Every citation is checked against the stored page text: one whose quote is not on its page and line is dropped and counted (`droppedCitations`), and a section left without one answers "No evidence found in the case’s documents." The brief is `ready` when every section is done or failed; a failed section says why. `brief.started` and `brief.ready` ledger rows. 202 the brief, `running`. 400 invalid body. 404 application or template not found. 409 the template has no active version (or the pinned version is a draft), the case has no parsed pages (or every one is junked), or it is the sample case. 429 too many briefs for a workspace with no email yet (`BRIEF_THROTTLE`, with `Retry-After`). 502 the chosen model could not be reached (nothing started).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Application id. */
                    applicationId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["StartIntelBriefInput"];
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["IntelBrief"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Too many requests; retry after the `Retry-After` seconds. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description An upstream service (the analyzer) did not answer. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{applicationId}/intel-briefs/{briefId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One intel brief with its sections
         * @description Sections fill in as their questions are answered; poll until `status` is `ready`. 404 no such application or brief in your organization.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Application id. */
                    applicationId: string;
                    /** @description Intel brief id. */
                    briefId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["IntelBrief"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{applicationId}/assistant/conversations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your conversations about the case, most recent first
         * @description Conversations are kept per case and per caller (the user, or the API key): nobody else reads them. 404 no such application in your organization, or no such conversation of yours.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Application id. */
                    applicationId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConversationListing"][];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Starts a conversation about the case
         * @description 201 the conversation, with no turns. Conversations are kept per case and per caller (the user, or the API key): nobody else reads them. 404 no such application in your organization, or no such conversation of yours.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Application id. */
                    applicationId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateConversationInput"];
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Conversation"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{applicationId}/assistant/conversations/{conversationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A conversation with its turns
         * @description Conversations are kept per case and per caller (the user, or the API key): nobody else reads them. 404 no such application in your organization, or no such conversation of yours.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Application id. */
                    applicationId: string;
                    /** @description Conversation id. */
                    conversationId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Conversation"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Deletes a conversation and its turns
         * @description 204. Conversations are kept per case and per caller (the user, or the API key): nobody else reads them. 404 no such application in your organization, or no such conversation of yours.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Application id. */
                    applicationId: string;
                    /** @description Conversation id. */
                    conversationId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted, with its turns. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{applicationId}/assistant/conversations/{conversationId}/turns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Asks a question about the case
         * @description The engine chosen for the `assistant` stage (`GET /models`) answers from the case’s pages (never the pages a person junked) and the key data of its documents, with the conversation’s earlier turns; each citation is checked against the stored page text as for briefs. 202 the turn, `answering`: read the answer as it is written from its `streamUrl` (server-sent events). 400 invalid body. 409 the case has no parsed pages (or every one is junked). 502 the chosen model could not be reached (nothing asked). Conversations are kept per case and per caller (the user, or the API key): nobody else reads them. 404 no such application in your organization, or no such conversation of yours.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Application id. */
                    applicationId: string;
                    /** @description Conversation id. */
                    conversationId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["AskInput"];
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AssistantTurn"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request conflicts with the current state. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description An upstream service (the analyzer) did not answer. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{applicationId}/assistant/conversations/{conversationId}/turns/{turnId}/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The answer of a turn, as it is written (server-sent events)
         * @description Content type `text/event-stream`. Every event has an `id` (1, 2, 3… per turn); reconnecting with `Last-Event-ID` resumes after it (EventSource does this by itself), and a stream opened after the turn ended replays it whole. The stream ends after `done` or `failed`; a reconnect after that is answered 204 (no content), which tells an EventSource to stop. Event kinds and their `data` (JSON): `retrieval` `{ lines: [{ address, fileId, page, line, text, score }] }`: the lines the engine read, best first (sent once, before the answer). `delta` `{ text }`: the next piece of the answer; the pieces in order are the answer as the engine wrote it, before its citations were checked. `citation` `IntelCitation`: a checked citation (one event each; citations that failed the check are not sent). `usage` `{ model: ResearchModel, promptTokens, completionTokens, droppedCitations }`: what the turn spent. `done` `AssistantTurn`: the turn as stored; its `answer` is final ("No evidence found…" when no citation held). The stream ends. `restart` `{ reason }`: the server answering the turn stopped and another attempt starts over; forget the `retrieval`, `delta` and `citation` events received so far. `failed` `{ error }`: why the turn failed (the model was silent past its time limit, refused, or was unreachable). The stream ends. A comment line (`: ping`) keeps the connection open; `revoked` `{status, error}` ends it when the credential is revoked. Conversations are kept per case and per caller (the user, or the API key): nobody else reads them. 404 no such application in your organization, or no such conversation of yours.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Application id. */
                    applicationId: string;
                    /** @description Conversation id. */
                    conversationId: string;
                    /** @description Turn id. */
                    turnId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The turn’s events as they happen (`text/event-stream`). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                /** @description The turn ended and every event after `Last-Event-ID` was sent. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description No such resource in your organization. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description A path parameter is longer than any operation accepts (over 2048 characters as sent, percent-encoded). */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/insights/analyzer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How well the analyzer reads your organization’s documents, from what your people decided
         * @description Our addition (not in the spec). Every document a run read (its `document.proposed` ledger row) within `from`–`to`, of runs of `workflowId` when given, judged by the decisions people took on its pages since (a decision undone no longer counts): per document type, per key field, per ISO week, with reliability bins of confidence against being right. Counted from the ledger at the time of asking. Managers only (right `insights.read`): others 403. 400 a day that does not exist or is not `YYYY-MM-DD`, `to` before `from`, or a workflow neither the organization nor the official library has; `error` names the parameter.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Only documents read by runs of this workflow (its id, own and official versions alike, every version). A workflow neither the organization nor the official library has is 400. */
                    workflowId?: string;
                    /** @description Only documents a run read on or after this day (`YYYY-MM-DD`, UTC): the time of their `document.proposed` ledger row. */
                    from?: string;
                    /** @description Only documents a run read on or before this day (`YYYY-MM-DD`, UTC, the whole day). Before `from` is 400. */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AnalyzerInsights"];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live changes of several collections on one connection (server-sent events)
         * @description Like `/sync/<collection>/stream`, for several collections at once, so a browser spends one of its few connections per server on all of them. The first event, and the first after every reconnect, is `"RESYNC"`; then each event is `{ collection, documents, checkpoint }`. Each collection needs its own right (the library ones `library.read`, the case ones `cases.read`): 403 when one named needs a right the caller’s role lacks. When the credential it was opened with ends (sign-out, key revoked, user deactivated, password reset) or its role loses the right, the stream sends a last event named `revoked` with `{ status: 401 | 403, error }` and ends within a second, on every server instance; reconnecting is then refused.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Comma-separated collection names; when absent, all of them the caller’s role may read: expected-doc-lists, workflows, intel-templates, extraction-schemas, document-bundles, saved-sections, library-defaults, organization, case-documents, decisions, applications, ledger, decision-requests. */
                    collections?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The changes as they commit (`text/event-stream`). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/expected-doc-lists/pull": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pull expected-doc-lists changed after a checkpoint
         * @description Expected document list versions and document catalogues: your own (every status) and the official ones (published versions), those you have your own list of the same id of included: cases pin them (`expectedDocList`), so they stay readable after a copy. Hide an official version when your own list of its id is present, as GET /expected-doc-lists does. Documents come in server order (`serverRev`); pass the returned checkpoint to get the next batch. An empty batch means the client is up to date. A document whose transaction is still in flight is held back until it ends, as is everything after it: a checkpoint never passes a change still to commit.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Checkpoint rev, decimal digits; absent for the first pull. An empty `rev=` is refused (400), not read as 0. */
                    rev?: number;
                    /** @description Checkpoint id. */
                    id?: string;
                    /** @description Batch size. */
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            documents: {
                                /** @description `own:<id>:<version>` or `official:<id>:<version>` (see version-key.ts). */
                                id: string;
                                list: components["schemas"]["ExpectedDocList"];
                                serverRev: number;
                                _deleted: boolean;
                            }[];
                            checkpoint: components["schemas"]["SyncCheckpoint"] | null;
                        };
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/expected-doc-lists/push": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Push expected-doc-lists (read-only over sync: every document comes back as a conflict)
         * @description RxDB's push: the answer is 200 with the master state of every pushed document that conflicted. expected-doc-lists is read-only over sync (library items change through their REST operations, and draft lists through the collaborative editor.), so nothing is written and every pushed document comes back: the server's state of it, or, for a document the server does not know, the pushed state with `_deleted: true`, so the client drops it.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        newDocumentState: {
                            [key: string]: unknown;
                        };
                        assumedMasterState?: {
                            [key: string]: unknown;
                        } | null;
                    }[];
                };
            };
            responses: {
                /** @description The master state of each pushed document that conflicted, which the client keeps; a document the server does not know comes back deleted. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": ({
                            /** @description `own:<id>:<version>` or `official:<id>:<version>` (see version-key.ts). */
                            id: string;
                            list: components["schemas"]["ExpectedDocList"];
                            serverRev: number;
                            _deleted: boolean;
                        } | components["schemas"]["SyncGoneDocument"])[];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/expected-doc-lists/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live changes of expected-doc-lists (server-sent events)
         * @description An event stream. The first event, and the first after every reconnect, is `"RESYNC"`: pull from your checkpoint. Then each event is `{ documents, checkpoint }` as changes commit. A comment line every 25 s keeps proxies from closing it. When the credential it was opened with ends (sign-out, key revoked, user deactivated, password reset) or its role loses the right, the stream sends a last event named `revoked` with `{ status: 401 | 403, error }` and ends within a second, on every server instance; reconnecting is then refused.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The changes as they commit (`text/event-stream`). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/workflows/pull": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pull workflows changed after a checkpoint
         * @description Workflow versions: your own and the official ones (published versions, those you have your own copy of included: hide them when your copy is present, as the listing does). Documents come in server order (`serverRev`); pass the returned checkpoint to get the next batch. An empty batch means the client is up to date. A document whose transaction is still in flight is held back until it ends, as is everything after it: a checkpoint never passes a change still to commit.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Checkpoint rev, decimal digits; absent for the first pull. An empty `rev=` is refused (400), not read as 0. */
                    rev?: number;
                    /** @description Checkpoint id. */
                    id?: string;
                    /** @description Batch size. */
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            documents: {
                                /** @description `own:<id>:<version>` or `official:<id>:<version>` (see version-key.ts). */
                                id: string;
                                workflow: components["schemas"]["Workflow"];
                                serverRev: number;
                                _deleted: boolean;
                            }[];
                            checkpoint: components["schemas"]["SyncCheckpoint"] | null;
                        };
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/workflows/push": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Push workflows (read-only over sync: every document comes back as a conflict)
         * @description RxDB's push: the answer is 200 with the master state of every pushed document that conflicted. workflows is read-only over sync (library items change through their REST operations, and draft lists through the collaborative editor.), so nothing is written and every pushed document comes back: the server's state of it, or, for a document the server does not know, the pushed state with `_deleted: true`, so the client drops it.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        newDocumentState: {
                            [key: string]: unknown;
                        };
                        assumedMasterState?: {
                            [key: string]: unknown;
                        } | null;
                    }[];
                };
            };
            responses: {
                /** @description The master state of each pushed document that conflicted, which the client keeps; a document the server does not know comes back deleted. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": ({
                            /** @description `own:<id>:<version>` or `official:<id>:<version>` (see version-key.ts). */
                            id: string;
                            workflow: components["schemas"]["Workflow"];
                            serverRev: number;
                            _deleted: boolean;
                        } | components["schemas"]["SyncGoneDocument"])[];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/workflows/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live changes of workflows (server-sent events)
         * @description An event stream. The first event, and the first after every reconnect, is `"RESYNC"`: pull from your checkpoint. Then each event is `{ documents, checkpoint }` as changes commit. A comment line every 25 s keeps proxies from closing it. When the credential it was opened with ends (sign-out, key revoked, user deactivated, password reset) or its role loses the right, the stream sends a last event named `revoked` with `{ status: 401 | 403, error }` and ends within a second, on every server instance; reconnecting is then refused.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The changes as they commit (`text/event-stream`). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/intel-templates/pull": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pull intel-templates changed after a checkpoint
         * @description Intel template versions: your own and the official ones (published versions, those you have your own copy of included: hide them when your copy is present, as the listing does). Documents come in server order (`serverRev`); pass the returned checkpoint to get the next batch. An empty batch means the client is up to date. A document whose transaction is still in flight is held back until it ends, as is everything after it: a checkpoint never passes a change still to commit.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Checkpoint rev, decimal digits; absent for the first pull. An empty `rev=` is refused (400), not read as 0. */
                    rev?: number;
                    /** @description Checkpoint id. */
                    id?: string;
                    /** @description Batch size. */
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            documents: {
                                /** @description `own:<id>:<version>` or `official:<id>:<version>` (see version-key.ts). */
                                id: string;
                                template: components["schemas"]["IntelTemplate"];
                                serverRev: number;
                                _deleted: boolean;
                            }[];
                            checkpoint: components["schemas"]["SyncCheckpoint"] | null;
                        };
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/intel-templates/push": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Push intel-templates (read-only over sync: every document comes back as a conflict)
         * @description RxDB's push: the answer is 200 with the master state of every pushed document that conflicted. intel-templates is read-only over sync (library items change through their REST operations, and draft lists through the collaborative editor.), so nothing is written and every pushed document comes back: the server's state of it, or, for a document the server does not know, the pushed state with `_deleted: true`, so the client drops it.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        newDocumentState: {
                            [key: string]: unknown;
                        };
                        assumedMasterState?: {
                            [key: string]: unknown;
                        } | null;
                    }[];
                };
            };
            responses: {
                /** @description The master state of each pushed document that conflicted, which the client keeps; a document the server does not know comes back deleted. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": ({
                            /** @description `own:<id>:<version>` or `official:<id>:<version>` (see version-key.ts). */
                            id: string;
                            template: components["schemas"]["IntelTemplate"];
                            serverRev: number;
                            _deleted: boolean;
                        } | components["schemas"]["SyncGoneDocument"])[];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/intel-templates/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live changes of intel-templates (server-sent events)
         * @description An event stream. The first event, and the first after every reconnect, is `"RESYNC"`: pull from your checkpoint. Then each event is `{ documents, checkpoint }` as changes commit. A comment line every 25 s keeps proxies from closing it. When the credential it was opened with ends (sign-out, key revoked, user deactivated, password reset) or its role loses the right, the stream sends a last event named `revoked` with `{ status: 401 | 403, error }` and ends within a second, on every server instance; reconnecting is then refused.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The changes as they commit (`text/event-stream`). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/extraction-schemas/pull": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pull extraction-schemas changed after a checkpoint
         * @description Extraction schema versions (the document type is the id): your own (every status) and the official ones (published versions), those you have your own schema of the same type included, as for lists. What extraction uses for a type is the latest active version of your own, else of the official one (GET /doc-type-extraction-schemas/{docType}/resolved, whose ladder then tries the type’s docKind and `fallback`): the desktop resolves it from these offline. Documents come in server order (`serverRev`); pass the returned checkpoint to get the next batch. An empty batch means the client is up to date. A document whose transaction is still in flight is held back until it ends, as is everything after it: a checkpoint never passes a change still to commit.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Checkpoint rev, decimal digits; absent for the first pull. An empty `rev=` is refused (400), not read as 0. */
                    rev?: number;
                    /** @description Checkpoint id. */
                    id?: string;
                    /** @description Batch size. */
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            documents: {
                                /** @description `own:<id>:<version>` or `official:<id>:<version>` (see version-key.ts). */
                                id: string;
                                schema: components["schemas"]["DocTypeExtractionSchema"];
                                serverRev: number;
                                _deleted: boolean;
                            }[];
                            checkpoint: components["schemas"]["SyncCheckpoint"] | null;
                        };
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/extraction-schemas/push": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Push extraction-schemas (read-only over sync: every document comes back as a conflict)
         * @description RxDB's push: the answer is 200 with the master state of every pushed document that conflicted. extraction-schemas is read-only over sync (library items change through their REST operations, and draft lists through the collaborative editor.), so nothing is written and every pushed document comes back: the server's state of it, or, for a document the server does not know, the pushed state with `_deleted: true`, so the client drops it.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        newDocumentState: {
                            [key: string]: unknown;
                        };
                        assumedMasterState?: {
                            [key: string]: unknown;
                        } | null;
                    }[];
                };
            };
            responses: {
                /** @description The master state of each pushed document that conflicted, which the client keeps; a document the server does not know comes back deleted. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": ({
                            /** @description `own:<id>:<version>` or `official:<id>:<version>` (see version-key.ts). */
                            id: string;
                            schema: components["schemas"]["DocTypeExtractionSchema"];
                            serverRev: number;
                            _deleted: boolean;
                        } | components["schemas"]["SyncGoneDocument"])[];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/extraction-schemas/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live changes of extraction-schemas (server-sent events)
         * @description An event stream. The first event, and the first after every reconnect, is `"RESYNC"`: pull from your checkpoint. Then each event is `{ documents, checkpoint }` as changes commit. A comment line every 25 s keeps proxies from closing it. When the credential it was opened with ends (sign-out, key revoked, user deactivated, password reset) or its role loses the right, the stream sends a last event named `revoked` with `{ status: 401 | 403, error }` and ends within a second, on every server instance; reconnecting is then refused.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The changes as they commit (`text/event-stream`). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/document-bundles/pull": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pull document-bundles changed after a checkpoint
         * @description Your organization’s document bundles. Documents come in server order (`serverRev`); pass the returned checkpoint to get the next batch. An empty batch means the client is up to date. A document whose transaction is still in flight is held back until it ends, as is everything after it: a checkpoint never passes a change still to commit.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Checkpoint rev, decimal digits; absent for the first pull. An empty `rev=` is refused (400), not read as 0. */
                    rev?: number;
                    /** @description Checkpoint id. */
                    id?: string;
                    /** @description Batch size. */
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            documents: {
                                id: string;
                                name: string;
                                /** @description The member document types, in the order given. */
                                members: string[];
                                createdAt: string;
                                updatedAt: string;
                                serverRev: number;
                                _deleted: boolean;
                            }[];
                            checkpoint: components["schemas"]["SyncCheckpoint"] | null;
                        };
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/document-bundles/push": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Push document-bundles (read-only over sync: every document comes back as a conflict)
         * @description RxDB's push: the answer is 200 with the master state of every pushed document that conflicted. document-bundles is read-only over sync (bundles are changed with PUT /document-bundles/{bundleId}.), so nothing is written and every pushed document comes back: the server's state of it, or, for a document the server does not know, the pushed state with `_deleted: true`, so the client drops it.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        newDocumentState: {
                            [key: string]: unknown;
                        };
                        assumedMasterState?: {
                            [key: string]: unknown;
                        } | null;
                    }[];
                };
            };
            responses: {
                /** @description The master state of each pushed document that conflicted, which the client keeps; a document the server does not know comes back deleted. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": ({
                            id: string;
                            name: string;
                            /** @description The member document types, in the order given. */
                            members: string[];
                            createdAt: string;
                            updatedAt: string;
                            serverRev: number;
                            _deleted: boolean;
                        } | components["schemas"]["SyncGoneDocument"])[];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/document-bundles/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live changes of document-bundles (server-sent events)
         * @description An event stream. The first event, and the first after every reconnect, is `"RESYNC"`: pull from your checkpoint. Then each event is `{ documents, checkpoint }` as changes commit. A comment line every 25 s keeps proxies from closing it. When the credential it was opened with ends (sign-out, key revoked, user deactivated, password reset) or its role loses the right, the stream sends a last event named `revoked` with `{ status: 401 | 403, error }` and ends within a second, on every server instance; reconnecting is then refused.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The changes as they commit (`text/event-stream`). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/saved-sections/pull": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pull saved-sections changed after a checkpoint
         * @description Your organization’s saved sections. Documents come in server order (`serverRev`); pass the returned checkpoint to get the next batch. An empty batch means the client is up to date. A document whose transaction is still in flight is held back until it ends, as is everything after it: a checkpoint never passes a change still to commit.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Checkpoint rev, decimal digits; absent for the first pull. An empty `rev=` is refused (400), not read as 0. */
                    rev?: number;
                    /** @description Checkpoint id. */
                    id?: string;
                    /** @description Batch size. */
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            documents: {
                                id: string;
                                name: string;
                                note: string;
                                lines: components["schemas"]["ExpectedDoc"][];
                                subsections: components["schemas"]["ExpectedDocListSubsection"][];
                                /** @description The list section it was copied from, if it was. */
                                derivedFrom: {
                                    expectedDocListId: string;
                                    version: number;
                                    sectionId: string;
                                    source: components["schemas"]["LibrarySource"];
                                } | null;
                                createdAt: string;
                                serverRev: number;
                                _deleted: boolean;
                            }[];
                            checkpoint: components["schemas"]["SyncCheckpoint"] | null;
                        };
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/saved-sections/push": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Push saved-sections (read-only over sync: every document comes back as a conflict)
         * @description RxDB's push: the answer is 200 with the master state of every pushed document that conflicted. saved-sections is read-only over sync (saved sections are made with POST /saved-sections.), so nothing is written and every pushed document comes back: the server's state of it, or, for a document the server does not know, the pushed state with `_deleted: true`, so the client drops it.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        newDocumentState: {
                            [key: string]: unknown;
                        };
                        assumedMasterState?: {
                            [key: string]: unknown;
                        } | null;
                    }[];
                };
            };
            responses: {
                /** @description The master state of each pushed document that conflicted, which the client keeps; a document the server does not know comes back deleted. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": ({
                            id: string;
                            name: string;
                            note: string;
                            lines: components["schemas"]["ExpectedDoc"][];
                            subsections: components["schemas"]["ExpectedDocListSubsection"][];
                            /** @description The list section it was copied from, if it was. */
                            derivedFrom: {
                                expectedDocListId: string;
                                version: number;
                                sectionId: string;
                                source: components["schemas"]["LibrarySource"];
                            } | null;
                            createdAt: string;
                            serverRev: number;
                            _deleted: boolean;
                        } | components["schemas"]["SyncGoneDocument"])[];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/saved-sections/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live changes of saved-sections (server-sent events)
         * @description An event stream. The first event, and the first after every reconnect, is `"RESYNC"`: pull from your checkpoint. Then each event is `{ documents, checkpoint }` as changes commit. A comment line every 25 s keeps proxies from closing it. When the credential it was opened with ends (sign-out, key revoked, user deactivated, password reset) or its role loses the right, the stream sends a last event named `revoked` with `{ status: 401 | 403, error }` and ends within a second, on every server instance; reconnecting is then refused.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The changes as they commit (`text/event-stream`). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/library-defaults/pull": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pull library-defaults changed after a checkpoint
         * @description Your organization’s default per kind of library item: `id` is the kind (`expected-doc-list`, `workflow`). Documents come in server order (`serverRev`); pass the returned checkpoint to get the next batch. An empty batch means the client is up to date. A document whose transaction is still in flight is held back until it ends, as is everything after it: a checkpoint never passes a change still to commit.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Checkpoint rev, decimal digits; absent for the first pull. An empty `rev=` is refused (400), not read as 0. */
                    rev?: number;
                    /** @description Checkpoint id. */
                    id?: string;
                    /** @description Batch size. */
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            documents: {
                                id: string;
                                targetId: string;
                                targetSource: components["schemas"]["LibrarySource"];
                                serverRev: number;
                                _deleted: boolean;
                            }[];
                            checkpoint: components["schemas"]["SyncCheckpoint"] | null;
                        };
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/library-defaults/push": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Push library-defaults (read-only over sync: every document comes back as a conflict)
         * @description RxDB's push: the answer is 200 with the master state of every pushed document that conflicted. library-defaults is read-only over sync (defaults are set with the set-default operations.), so nothing is written and every pushed document comes back: the server's state of it, or, for a document the server does not know, the pushed state with `_deleted: true`, so the client drops it.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        newDocumentState: {
                            [key: string]: unknown;
                        };
                        assumedMasterState?: {
                            [key: string]: unknown;
                        } | null;
                    }[];
                };
            };
            responses: {
                /** @description The master state of each pushed document that conflicted, which the client keeps; a document the server does not know comes back deleted. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": ({
                            id: string;
                            targetId: string;
                            targetSource: components["schemas"]["LibrarySource"];
                            serverRev: number;
                            _deleted: boolean;
                        } | components["schemas"]["SyncGoneDocument"])[];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/library-defaults/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live changes of library-defaults (server-sent events)
         * @description An event stream. The first event, and the first after every reconnect, is `"RESYNC"`: pull from your checkpoint. Then each event is `{ documents, checkpoint }` as changes commit. A comment line every 25 s keeps proxies from closing it. When the credential it was opened with ends (sign-out, key revoked, user deactivated, password reset) or its role loses the right, the stream sends a last event named `revoked` with `{ status: 401 | 403, error }` and ends within a second, on every server instance; reconnecting is then refused.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The changes as they commit (`text/event-stream`). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/organization/pull": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pull organization changed after a checkpoint
         * @description Your organization (one document): its name and marked document catalogue. Documents come in server order (`serverRev`); pass the returned checkpoint to get the next batch. An empty batch means the client is up to date. A document whose transaction is still in flight is held back until it ends, as is everything after it: a checkpoint never passes a change still to commit.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Checkpoint rev, decimal digits; absent for the first pull. An empty `rev=` is refused (400), not read as 0. */
                    rev?: number;
                    /** @description Checkpoint id. */
                    id?: string;
                    /** @description Batch size. */
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            documents: {
                                /** @description Never changes, also when the organization is renamed. */
                                id: string;
                                name: string;
                                /** @description The official document catalogue this organization works from; `generic` unless set. */
                                markedDocTypeCatalog: string;
                                /** @description True only for the organization that publishes the official content. */
                                isOfficial: boolean;
                                /** @description An instant account: created without an email; purged at `expiresAt` unless an email is added. */
                                instant: boolean;
                                /** @description A guest sandbox opened by POST /guest. */
                                sandbox: boolean;
                                /** @description When an instant account or a sandbox is deleted with everything it owns; null when kept. */
                                expiresAt: string | null;
                                createdAt: string;
                                serverRev: number;
                                _deleted: boolean;
                            }[];
                            checkpoint: components["schemas"]["SyncCheckpoint"] | null;
                        };
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/organization/push": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Push organization (read-only over sync: every document comes back as a conflict)
         * @description RxDB's push: the answer is 200 with the master state of every pushed document that conflicted. organization is read-only over sync (the organization is changed with PATCH /organization.), so nothing is written and every pushed document comes back: the server's state of it, or, for a document the server does not know, the pushed state with `_deleted: true`, so the client drops it.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        newDocumentState: {
                            [key: string]: unknown;
                        };
                        assumedMasterState?: {
                            [key: string]: unknown;
                        } | null;
                    }[];
                };
            };
            responses: {
                /** @description The master state of each pushed document that conflicted, which the client keeps; a document the server does not know comes back deleted. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": ({
                            /** @description Never changes, also when the organization is renamed. */
                            id: string;
                            name: string;
                            /** @description The official document catalogue this organization works from; `generic` unless set. */
                            markedDocTypeCatalog: string;
                            /** @description True only for the organization that publishes the official content. */
                            isOfficial: boolean;
                            /** @description An instant account: created without an email; purged at `expiresAt` unless an email is added. */
                            instant: boolean;
                            /** @description A guest sandbox opened by POST /guest. */
                            sandbox: boolean;
                            /** @description When an instant account or a sandbox is deleted with everything it owns; null when kept. */
                            expiresAt: string | null;
                            createdAt: string;
                            serverRev: number;
                            _deleted: boolean;
                        } | components["schemas"]["SyncGoneDocument"])[];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/organization/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live changes of organization (server-sent events)
         * @description An event stream. The first event, and the first after every reconnect, is `"RESYNC"`: pull from your checkpoint. Then each event is `{ documents, checkpoint }` as changes commit. A comment line every 25 s keeps proxies from closing it. When the credential it was opened with ends (sign-out, key revoked, user deactivated, password reset) or its role loses the right, the stream sends a last event named `revoked` with `{ status: 401 | 403, error }` and ends within a second, on every server instance; reconnecting is then refused.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The changes as they commit (`text/event-stream`). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/case-documents/pull": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pull case-documents changed after a checkpoint
         * @description The documents of your organization’s cases, one per listed document (GET /applications/{id}/documents), `id` `<applicationId>|<address>`, with its case and its place in the list. A document that leaves the list (junked, replaced by its pieces or by new boundaries) comes deleted. Documents come in server order (`serverRev`); pass the returned checkpoint to get the next batch. An empty batch means the client is up to date. A document whose transaction is still in flight is held back until it ends, as is everything after it: a checkpoint never passes a change still to commit.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Checkpoint rev, decimal digits; absent for the first pull. An empty `rev=` is refused (400), not read as 0. */
                    rev?: number;
                    /** @description Checkpoint id. */
                    id?: string;
                    /** @description Batch size. */
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            documents: {
                                /** @description `<fileId>:p<first>-<last>`: the first span’s file and its first and last page. The identity; no minted id. Stable across runs for pages that did not move. */
                                address: string;
                                title: string;
                                /** @description The pages, per file, in document order. Several spans when a person set boundaries across files. */
                                spans: components["schemas"]["DocumentSpan"][];
                                /** @description `false`: it still waits for a person (or the workflow settled it, `settleAbove`). */
                                settled: boolean;
                                /** @description What was read of it. */
                                document: {
                                    /** @description A file name for the filed PDF. */
                                    suggestedName: string;
                                    /** @description The key fields of its type’s active extraction schema that were read: field → value (dates ISO 8601, money as numbers, names as written). */
                                    extractKeyData: {
                                        [key: string]: unknown;
                                    };
                                    /** @description Our addition: for each key of `extractKeyData`, its confidence and the page and line it was read from. */
                                    keyFields: {
                                        [key: string]: components["schemas"]["KeyFieldProvenance"];
                                    };
                                    /** @description Our addition: the document type the classifier read; `fallback` when none. */
                                    docType: string;
                                    /** @description Our addition: the classifier’s confidence in `docType`. */
                                    confidence: number;
                                    /** @description Our addition: the next most likely types, most likely first. */
                                    alternatives: components["schemas"]["DocumentAlternative"][];
                                    /** @description Our addition: what the workflow’s checks found (expiry, applicant name), and a filing whose line the case no longer has (`expected-docs`, `line_removed`). */
                                    findings: components["schemas"]["DocumentFinding"][];
                                    /** @description Our addition: what the analyzer is unsure of. Confidences are calibrated on the development corpora (a 0.7 is right about 70 % of the time); the reviewer’s screens list documents with any of these first. */
                                    needsReview: {
                                        /** @description The type’s confidence is under 0.7. */
                                        type: boolean;
                                        /** @description The confidence that a new document starts at its first page is under 0.7. */
                                        boundary: boolean;
                                        /** @description Key fields read with a confidence under 0.7, or read differently by the built-in and the learned reader (`keyFields[…].disputed`); a value a person corrected is sure. */
                                        fields: string[];
                                    };
                                    /** @description Our addition: where its boundaries and type came from when not the built-in analyzer: `analysis:<ingestId>` (an integrator’s own engine, POST /applications/{id}/files/{fileId}/analysis), `model:<name>` (the model chosen for the classify stage), `parse` (a run that only parsed: the whole file listed for people to split and file). Absent: the built-in splitter and classifier. */
                                    source?: string;
                                };
                                /** @description Our addition: when the range reads as several documents and nobody confirmed the split yet, the pieces it would be listed as (rule 1); empty otherwise. Approving a piece’s address confirms the split. */
                                proposedSplits: components["schemas"]["ProposedSplit"][];
                                /** @description `<applicationId>|<address>` (see `caseDocumentId`). */
                                id: string;
                                /** @description The case. */
                                applicationId: string;
                                /** @description Its place in the case’s list (page order), from 0. */
                                position: number;
                                serverRev: number;
                                _deleted: boolean;
                                /** @description The line of the pinned list it is filed against. Absent when it matched no line: common, not an error. */
                                expectedDocId?: string;
                                /** @description Our addition: the address of the range this document was a proposed piece of, or the document a decision cut it from; absent when it was proposed as is. */
                                splitOf?: string;
                                approval?: components["schemas"]["DocumentApproval"];
                            }[];
                            checkpoint: components["schemas"]["SyncCheckpoint"] | null;
                        };
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/case-documents/push": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Push case-documents (read-only over sync: every document comes back as a conflict)
         * @description RxDB's push: the answer is 200 with the master state of every pushed document that conflicted. case-documents is read-only over sync (documents are decided on with the approve, settle and junk operations.), so nothing is written and every pushed document comes back: the server's state of it, or, for a document the server does not know, the pushed state with `_deleted: true`, so the client drops it.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        newDocumentState: {
                            [key: string]: unknown;
                        };
                        assumedMasterState?: {
                            [key: string]: unknown;
                        } | null;
                    }[];
                };
            };
            responses: {
                /** @description The master state of each pushed document that conflicted, which the client keeps; a document the server does not know comes back deleted. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": ({
                            /** @description `<fileId>:p<first>-<last>`: the first span’s file and its first and last page. The identity; no minted id. Stable across runs for pages that did not move. */
                            address: string;
                            title: string;
                            /** @description The pages, per file, in document order. Several spans when a person set boundaries across files. */
                            spans: components["schemas"]["DocumentSpan"][];
                            /** @description `false`: it still waits for a person (or the workflow settled it, `settleAbove`). */
                            settled: boolean;
                            /** @description What was read of it. */
                            document: {
                                /** @description A file name for the filed PDF. */
                                suggestedName: string;
                                /** @description The key fields of its type’s active extraction schema that were read: field → value (dates ISO 8601, money as numbers, names as written). */
                                extractKeyData: {
                                    [key: string]: unknown;
                                };
                                /** @description Our addition: for each key of `extractKeyData`, its confidence and the page and line it was read from. */
                                keyFields: {
                                    [key: string]: components["schemas"]["KeyFieldProvenance"];
                                };
                                /** @description Our addition: the document type the classifier read; `fallback` when none. */
                                docType: string;
                                /** @description Our addition: the classifier’s confidence in `docType`. */
                                confidence: number;
                                /** @description Our addition: the next most likely types, most likely first. */
                                alternatives: components["schemas"]["DocumentAlternative"][];
                                /** @description Our addition: what the workflow’s checks found (expiry, applicant name), and a filing whose line the case no longer has (`expected-docs`, `line_removed`). */
                                findings: components["schemas"]["DocumentFinding"][];
                                /** @description Our addition: what the analyzer is unsure of. Confidences are calibrated on the development corpora (a 0.7 is right about 70 % of the time); the reviewer’s screens list documents with any of these first. */
                                needsReview: {
                                    /** @description The type’s confidence is under 0.7. */
                                    type: boolean;
                                    /** @description The confidence that a new document starts at its first page is under 0.7. */
                                    boundary: boolean;
                                    /** @description Key fields read with a confidence under 0.7, or read differently by the built-in and the learned reader (`keyFields[…].disputed`); a value a person corrected is sure. */
                                    fields: string[];
                                };
                                /** @description Our addition: where its boundaries and type came from when not the built-in analyzer: `analysis:<ingestId>` (an integrator’s own engine, POST /applications/{id}/files/{fileId}/analysis), `model:<name>` (the model chosen for the classify stage), `parse` (a run that only parsed: the whole file listed for people to split and file). Absent: the built-in splitter and classifier. */
                                source?: string;
                            };
                            /** @description Our addition: when the range reads as several documents and nobody confirmed the split yet, the pieces it would be listed as (rule 1); empty otherwise. Approving a piece’s address confirms the split. */
                            proposedSplits: components["schemas"]["ProposedSplit"][];
                            /** @description `<applicationId>|<address>` (see `caseDocumentId`). */
                            id: string;
                            /** @description The case. */
                            applicationId: string;
                            /** @description Its place in the case’s list (page order), from 0. */
                            position: number;
                            serverRev: number;
                            _deleted: boolean;
                            /** @description The line of the pinned list it is filed against. Absent when it matched no line: common, not an error. */
                            expectedDocId?: string;
                            /** @description Our addition: the address of the range this document was a proposed piece of, or the document a decision cut it from; absent when it was proposed as is. */
                            splitOf?: string;
                            approval?: components["schemas"]["DocumentApproval"];
                        } | components["schemas"]["SyncGoneDocument"])[];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/case-documents/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live changes of case-documents (server-sent events)
         * @description An event stream. The first event, and the first after every reconnect, is `"RESYNC"`: pull from your checkpoint. Then each event is `{ documents, checkpoint }` as changes commit. A comment line every 25 s keeps proxies from closing it. When the credential it was opened with ends (sign-out, key revoked, user deactivated, password reset) or its role loses the right, the stream sends a last event named `revoked` with `{ status: 401 | 403, error }` and ends within a second, on every server instance; reconnecting is then refused.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The changes as they commit (`text/event-stream`). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/decisions/pull": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pull decisions changed after a checkpoint
         * @description The decisions on your organization’s cases’ documents, undone ones included, as GET /applications/{id}/decisions shows them, with their case. What a decision took depends on the rest of its case, so every decision of a case comes again when one of them, a proposal or a file of the case changes; they all carry the same `serverRev`. Documents come in server order (`serverRev`); pass the returned checkpoint to get the next batch. An empty batch means the client is up to date. A document whose transaction is still in flight is held back until it ends, as is everything after it: a checkpoint never passes a change still to commit.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Checkpoint rev, decimal digits; absent for the first pull. An empty `rev=` is refused (400), not read as 0. */
                    rev?: number;
                    /** @description Checkpoint id. */
                    id?: string;
                    /** @description Batch size. */
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            documents: {
                                id: string;
                                /**
                                 * @description `correct` (our addition): a person set or cleared one key value (`field`, `value`).
                                 * @enum {string}
                                 */
                                kind: "approve" | "settle" | "junk" | "correct";
                                /** @description The document it was made on. */
                                address: string;
                                /** @description The pages it took: approved into the document, junked, or settled. */
                                spans: components["schemas"]["DocumentSpan"][];
                                decidedBy: string;
                                authenticatedAs: string;
                                decidedAt: string;
                                /** @description The case. */
                                applicationId: string;
                                serverRev: number;
                                _deleted: boolean;
                                /** @description approve: the line, or `"unmatched"`. */
                                expectedDocId?: string;
                                approvedDocId?: string;
                                /** @description correct: the key field set. */
                                field?: string;
                                /** @description correct: the value set; `null` when the person cleared the field. */
                                value?: unknown;
                                /** @description Present once undone. */
                                undone?: {
                                    by: string;
                                    authenticatedAs: string;
                                    at: string;
                                };
                            }[];
                            checkpoint: components["schemas"]["SyncCheckpoint"] | null;
                        };
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/decisions/push": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Push decisions (read-only over sync: every document comes back as a conflict)
         * @description RxDB's push: the answer is 200 with the master state of every pushed document that conflicted. decisions is read-only over sync (decisions are made with POST /applications/{id}/documents/{address}/approve, settle or junk, and undone with POST /applications/{id}/decisions/{decisionId}/undo.), so nothing is written and every pushed document comes back: the server's state of it, or, for a document the server does not know, the pushed state with `_deleted: true`, so the client drops it.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        newDocumentState: {
                            [key: string]: unknown;
                        };
                        assumedMasterState?: {
                            [key: string]: unknown;
                        } | null;
                    }[];
                };
            };
            responses: {
                /** @description The master state of each pushed document that conflicted, which the client keeps; a document the server does not know comes back deleted. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": ({
                            id: string;
                            /**
                             * @description `correct` (our addition): a person set or cleared one key value (`field`, `value`).
                             * @enum {string}
                             */
                            kind: "approve" | "settle" | "junk" | "correct";
                            /** @description The document it was made on. */
                            address: string;
                            /** @description The pages it took: approved into the document, junked, or settled. */
                            spans: components["schemas"]["DocumentSpan"][];
                            decidedBy: string;
                            authenticatedAs: string;
                            decidedAt: string;
                            /** @description The case. */
                            applicationId: string;
                            serverRev: number;
                            _deleted: boolean;
                            /** @description approve: the line, or `"unmatched"`. */
                            expectedDocId?: string;
                            approvedDocId?: string;
                            /** @description correct: the key field set. */
                            field?: string;
                            /** @description correct: the value set; `null` when the person cleared the field. */
                            value?: unknown;
                            /** @description Present once undone. */
                            undone?: {
                                by: string;
                                authenticatedAs: string;
                                at: string;
                            };
                        } | components["schemas"]["SyncGoneDocument"])[];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/decisions/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live changes of decisions (server-sent events)
         * @description An event stream. The first event, and the first after every reconnect, is `"RESYNC"`: pull from your checkpoint. Then each event is `{ documents, checkpoint }` as changes commit. A comment line every 25 s keeps proxies from closing it. When the credential it was opened with ends (sign-out, key revoked, user deactivated, password reset) or its role loses the right, the stream sends a last event named `revoked` with `{ status: 401 | 403, error }` and ends within a second, on every server instance; reconnecting is then refused.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The changes as they commit (`text/event-stream`). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/applications/pull": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pull applications changed after a checkpoint
         * @description Your organization’s cases, one document per case: GET /applications/{id} (the source files included) with the listing’s `docsFiled` and `docsTotal`. A case comes again whenever its run moves, its files change or its list of documents changes. Documents come in server order (`serverRev`); pass the returned checkpoint to get the next batch. An empty batch means the client is up to date. A document whose transaction is still in flight is held back until it ends, as is everything after it: a checkpoint never passes a change still to commit.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Checkpoint rev, decimal digits; absent for the first pull. An empty `rev=` is refused (400), not read as 0. */
                    rev?: number;
                    /** @description Checkpoint id. */
                    id?: string;
                    /** @description Batch size. */
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            documents: {
                                id: string;
                                applicantName: string;
                                run: components["schemas"]["ApplicationRun"];
                                expectedDocList: components["schemas"]["PinnedList"];
                                /** @description The sample case of a guest sandbox. */
                                sample: boolean;
                                /** @description Who created the case, as they proved it. */
                                createdBy: string;
                                createdAt: string;
                                updatedAt: string;
                                /** @description Source files, in the order received. Files removed at the gate are not listed (the ledger keeps them). */
                                files: components["schemas"]["SourceFile"][];
                                /** @description Lines the case is checked against that are satisfied: filed against by at least their `minCount` documents (settled or waiting for a person). Waived lines are not counted. */
                                docsFiled: number;
                                /** @description Lines the case is checked against: its list’s lines less the waived ones, plus the ones added for it. */
                                docsTotal: number;
                                serverRev: number;
                                _deleted: boolean;
                                /** @description Our addition (`sets`): the lines the case is checked against: its list’s lines (waived ones marked), then the lines added for it (GET /applications/{id}/expected-docs). */
                                expectedDocs?: components["schemas"]["CaseExpectedDoc"][];
                            }[];
                            checkpoint: components["schemas"]["SyncCheckpoint"] | null;
                        };
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/applications/push": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Push applications (read-only over sync: every document comes back as a conflict)
         * @description RxDB's push: the answer is 200 with the master state of every pushed document that conflicted. applications is read-only over sync (cases are created and fed with POST /applications, POST /applications/{id}/files and the run operations.), so nothing is written and every pushed document comes back: the server's state of it, or, for a document the server does not know, the pushed state with `_deleted: true`, so the client drops it.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        newDocumentState: {
                            [key: string]: unknown;
                        };
                        assumedMasterState?: {
                            [key: string]: unknown;
                        } | null;
                    }[];
                };
            };
            responses: {
                /** @description The master state of each pushed document that conflicted, which the client keeps; a document the server does not know comes back deleted. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": ({
                            id: string;
                            applicantName: string;
                            run: components["schemas"]["ApplicationRun"];
                            expectedDocList: components["schemas"]["PinnedList"];
                            /** @description The sample case of a guest sandbox. */
                            sample: boolean;
                            /** @description Who created the case, as they proved it. */
                            createdBy: string;
                            createdAt: string;
                            updatedAt: string;
                            /** @description Source files, in the order received. Files removed at the gate are not listed (the ledger keeps them). */
                            files: components["schemas"]["SourceFile"][];
                            /** @description Lines the case is checked against that are satisfied: filed against by at least their `minCount` documents (settled or waiting for a person). Waived lines are not counted. */
                            docsFiled: number;
                            /** @description Lines the case is checked against: its list’s lines less the waived ones, plus the ones added for it. */
                            docsTotal: number;
                            serverRev: number;
                            _deleted: boolean;
                            /** @description Our addition (`sets`): the lines the case is checked against: its list’s lines (waived ones marked), then the lines added for it (GET /applications/{id}/expected-docs). */
                            expectedDocs?: components["schemas"]["CaseExpectedDoc"][];
                        } | components["schemas"]["SyncGoneDocument"])[];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/applications/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live changes of applications (server-sent events)
         * @description An event stream. The first event, and the first after every reconnect, is `"RESYNC"`: pull from your checkpoint. Then each event is `{ documents, checkpoint }` as changes commit. A comment line every 25 s keeps proxies from closing it. When the credential it was opened with ends (sign-out, key revoked, user deactivated, password reset) or its role loses the right, the stream sends a last event named `revoked` with `{ status: 401 | 403, error }` and ends within a second, on every server instance; reconnecting is then refused.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The changes as they commit (`text/event-stream`). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/ledger/pull": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pull ledger changed after a checkpoint
         * @description The ledgers of your organization’s cases, one document per row (GET /applications/{id}/events), `id` `<applicationId>:<seq>`, with its case. Rows are never changed nor deleted. Documents come in server order (`serverRev`); pass the returned checkpoint to get the next batch. An empty batch means the client is up to date. A document whose transaction is still in flight is held back until it ends, as is everything after it: a checkpoint never passes a change still to commit.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Checkpoint rev, decimal digits; absent for the first pull. An empty `rev=` is refused (400), not read as 0. */
                    rev?: number;
                    /** @description Checkpoint id. */
                    id?: string;
                    /** @description Batch size. */
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            documents: {
                                /** @description Position in the case’s ledger: 1, 2, 3… without gaps. */
                                seq: number;
                                /** @description ISO 8601, when the change was made. */
                                at: string;
                                /** @description Who made the change, as they proved it: `user:<email or id>`, `apiKey:<id>`, `guest:<id>`, or `system` for the run engine. */
                                actor: string;
                                action: components["schemas"]["LedgerAction"];
                                /** @description What changed: `application:<id>`, `file:<id>`, `run:<n>`, `document:<address>`, `decision:<id>`, `line:<expectedDocId>` or `brief:<id>`. */
                                target: string;
                                /** @description What the action says about the change (see `LedgerAction`). */
                                detail: {
                                    [key: string]: unknown;
                                };
                                /** @description `<applicationId>:<seq>` (see `ledgerRowId`). */
                                id: string;
                                /** @description The case. */
                                applicationId: string;
                                serverRev: number;
                                _deleted: boolean;
                            }[];
                            checkpoint: components["schemas"]["SyncCheckpoint"] | null;
                        };
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/ledger/push": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Push ledger (read-only over sync: every document comes back as a conflict)
         * @description RxDB's push: the answer is 200 with the master state of every pushed document that conflicted. ledger is read-only over sync (the ledger is append-only, written by the server with every change to a case.), so nothing is written and every pushed document comes back: the server's state of it, or, for a document the server does not know, the pushed state with `_deleted: true`, so the client drops it.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        newDocumentState: {
                            [key: string]: unknown;
                        };
                        assumedMasterState?: {
                            [key: string]: unknown;
                        } | null;
                    }[];
                };
            };
            responses: {
                /** @description The master state of each pushed document that conflicted, which the client keeps; a document the server does not know comes back deleted. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": ({
                            /** @description Position in the case’s ledger: 1, 2, 3… without gaps. */
                            seq: number;
                            /** @description ISO 8601, when the change was made. */
                            at: string;
                            /** @description Who made the change, as they proved it: `user:<email or id>`, `apiKey:<id>`, `guest:<id>`, or `system` for the run engine. */
                            actor: string;
                            action: components["schemas"]["LedgerAction"];
                            /** @description What changed: `application:<id>`, `file:<id>`, `run:<n>`, `document:<address>`, `decision:<id>`, `line:<expectedDocId>` or `brief:<id>`. */
                            target: string;
                            /** @description What the action says about the change (see `LedgerAction`). */
                            detail: {
                                [key: string]: unknown;
                            };
                            /** @description `<applicationId>:<seq>` (see `ledgerRowId`). */
                            id: string;
                            /** @description The case. */
                            applicationId: string;
                            serverRev: number;
                            _deleted: boolean;
                        } | components["schemas"]["SyncGoneDocument"])[];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/ledger/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live changes of ledger (server-sent events)
         * @description An event stream. The first event, and the first after every reconnect, is `"RESYNC"`: pull from your checkpoint. Then each event is `{ documents, checkpoint }` as changes commit. A comment line every 25 s keeps proxies from closing it. When the credential it was opened with ends (sign-out, key revoked, user deactivated, password reset) or its role loses the right, the stream sends a last event named `revoked` with `{ status: 401 | 403, error }` and ends within a second, on every server instance; reconnecting is then refused.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The changes as they commit (`text/event-stream`). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/decision-requests/pull": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pull decision-requests changed after a checkpoint
         * @description Your decisions made on the desktop (approve, settle, junk, correct a key value, undo one of them, bypass at the gate), each with its outcome: `applied` (with the decision), `conflict` (another decision came first: who decided what and when) or `refused` (the REST operation’s 400, 403 or 404). Only your own: each caller sees the requests it pushed. Documents come in server order (`serverRev`); pass the returned checkpoint to get the next batch. An empty batch means the client is up to date. A document whose transaction is still in flight is held back until it ends, as is everything after it: a checkpoint never passes a change still to commit.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Checkpoint rev, decimal digits; absent for the first pull. An empty `rev=` is refused (400), not read as 0. */
                    rev?: number;
                    /** @description Checkpoint id. */
                    id?: string;
                    /** @description Batch size. */
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            documents: {
                                /** @description Made by the client (a UUID, say); a request pushed again with the same id is answered with its outcome, never applied twice. */
                                id: string;
                                /** @description The case. */
                                applicationId: string;
                                /** @enum {string} */
                                kind: "approve" | "settle" | "junk" | "bypass" | "correct" | "undo";
                                /**
                                 * Format: date-time
                                 * @description When the reviewer decided, by the client’s clock (informative: the server orders decisions by when they reach it).
                                 */
                                madeAt: string;
                                /** @enum {string} */
                                state: "pending" | "applied" | "conflict" | "refused";
                                serverRev: number;
                                _deleted: boolean;
                                /** @description approve, settle, junk, correct: the document’s address `<fileId>:p<first>-<last>` (or a proposed piece’s). bypass: `run:<n>`, the run the reviewer saw held at the gate (a conflict when the case moved on to another); omitted: whichever run holds it. undo: optional, the address of the decision taken back, for the reviewer’s eyes (the server goes by `decisionId`). */
                                address?: string;
                                /** @description undo only (and required there): the decision to take back (GET /applications/{id}/decisions), as in POST …/decisions/{decisionId}/undo. A conflict when it was undone already, or a later decision depends on it; refused (404) when the case has no such decision. */
                                decisionId?: string;
                                /** @description approve only: as in POST …/approve. */
                                expectedDocId?: string;
                                /** @description approve and junk only: as in POST …/approve and …/junk. */
                                spans?: components["schemas"]["DocumentSpan"][];
                                /** @description correct only: the key field, as in PUT …/key-data/{field}. */
                                field?: string;
                                /** @description correct only: the value, as in PUT …/key-data/{field} (`null` clears the field; required for a correction). */
                                value?: unknown;
                                /** @description Who decides; defaults to the pusher’s name (the server fills it in). */
                                decidedBy?: string;
                                /** @description applied: what was made. */
                                result?: {
                                    /** Format: date-time */
                                    appliedAt: string;
                                    /** @description The decision made (GET /applications/{id}/decisions); none for a bypass. */
                                    decisionId?: string;
                                };
                                /** @description conflict: the decision that came first, when one holds the pages (or the run) now; only `reason` when none does (the case was run again, or that decision was undone). */
                                conflict?: {
                                    /** @description What the server answered, in words (the REST 409’s `error`). */
                                    reason: string;
                                    decisionId?: string;
                                    /** @description Who made the decision in the way. */
                                    decidedBy?: string;
                                    /** Format: date-time */
                                    decidedAt?: string;
                                    /** @enum {string} */
                                    decisionKind?: "approve" | "settle" | "junk" | "bypass" | "correct" | "undo";
                                    /** @description What it was made on: a document’s address, or `run:<n>`. */
                                    address?: string;
                                };
                                /** @description refused: the status and `error` the REST operation answers. */
                                error?: {
                                    status: number;
                                    message: string;
                                };
                            }[];
                            checkpoint: components["schemas"]["SyncCheckpoint"] | null;
                        };
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/decision-requests/push": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Push decision-requests
         * @description RxDB's push: the answer is 200 with the master state of every pushed document, which the client adopts (its outcome, as the server now holds it; a document the server keeps no row of comes back with `_deleted: true`). A document the server does not know, in state `pending`, is applied as you, through the operation its `kind` names (POST /applications/{id}/documents/{address}/approve, settle or junk, PUT …/key-data/{field} for `correct` with its `field` and `value`, POST /applications/{id}/decisions/{decisionId}/undo for `undo` with its `decisionId`, or POST /applications/{id}/run/bypass, `address` `run:<n>`), with its `decidedBy` (default: your name): the same checks and ledger rows. It comes back `applied` with `result` (an undo: the decision it took back); `conflict` when another decision came first (the 409), naming in `conflict` the decision that holds the pages or the run now (an undo: the undo that came first, kind `undo`, or the later decision that depends on the one to take back); `refused` with `error` for a 400, 403 (an API key bypassing) or 404. A document the server knows comes back as it is: a request is applied once, however often it is pushed. Pushing `_deleted: true` on a conflict or a refusal drops it (it comes back deleted); an applied request stays. A document not pending that the server does not know comes back deleted. A pending document whose `kind` and fields do not go together (an approve without an address, a settle with spans, an undo without `decisionId`) is malformed: 400. A document that breaks the schema refuses the whole push with 400, and nothing of it is applied.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        newDocumentState: {
                            /** @description Made by the client (a UUID, say); a request pushed again with the same id is answered with its outcome, never applied twice. */
                            id: string;
                            /** @description The case. */
                            applicationId: string;
                            /** @enum {string} */
                            kind: "approve" | "settle" | "junk" | "bypass" | "correct" | "undo";
                            /** @description approve, settle, junk, correct: the document’s address `<fileId>:p<first>-<last>` (or a proposed piece’s). bypass: `run:<n>`, the run the reviewer saw held at the gate (a conflict when the case moved on to another); omitted: whichever run holds it. undo: optional, the address of the decision taken back, for the reviewer’s eyes (the server goes by `decisionId`). */
                            address?: string;
                            /** @description undo only (and required there): the decision to take back (GET /applications/{id}/decisions), as in POST …/decisions/{decisionId}/undo. A conflict when it was undone already, or a later decision depends on it; refused (404) when the case has no such decision. */
                            decisionId?: string;
                            /** @description approve only: as in POST …/approve. */
                            expectedDocId?: string;
                            /** @description approve and junk only: as in POST …/approve and …/junk. */
                            spans?: components["schemas"]["DocumentSpanInput"][];
                            /** @description correct only: the key field, as in PUT …/key-data/{field}. */
                            field?: string;
                            /** @description correct only: the value, as in PUT …/key-data/{field} (`null` clears the field; required for a correction). */
                            value?: unknown;
                            /** @description Who decides; defaults to the pusher’s name (the server fills it in). */
                            decidedBy?: string;
                            /**
                             * Format: date-time
                             * @description When the reviewer decided, by the client’s clock (informative: the server orders decisions by when they reach it).
                             */
                            madeAt: string;
                            /** @enum {string} */
                            state: "pending" | "applied" | "conflict" | "refused";
                            /** @description applied: what was made. */
                            result?: {
                                /** Format: date-time */
                                appliedAt: string;
                                /** @description The decision made (GET /applications/{id}/decisions); none for a bypass. */
                                decisionId?: string;
                            };
                            /** @description conflict: the decision that came first, when one holds the pages (or the run) now; only `reason` when none does (the case was run again, or that decision was undone). */
                            conflict?: {
                                /** @description What the server answered, in words (the REST 409’s `error`). */
                                reason: string;
                                decisionId?: string;
                                /** @description Who made the decision in the way. */
                                decidedBy?: string;
                                /** Format: date-time */
                                decidedAt?: string;
                                /** @enum {string} */
                                decisionKind?: "approve" | "settle" | "junk" | "bypass" | "correct" | "undo";
                                /** @description What it was made on: a document’s address, or `run:<n>`. */
                                address?: string;
                            };
                            /** @description refused: the status and `error` the REST operation answers. */
                            error?: {
                                status: number;
                                message: string;
                            };
                            serverRev?: number;
                            _deleted?: boolean;
                        };
                        assumedMasterState?: {
                            [key: string]: unknown;
                        } | null;
                    }[];
                };
            };
            responses: {
                /** @description The master state of each pushed document that conflicted, which the client keeps; a document the server does not know comes back deleted. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": ({
                            /** @description Made by the client (a UUID, say); a request pushed again with the same id is answered with its outcome, never applied twice. */
                            id: string;
                            /** @description The case. */
                            applicationId: string;
                            /** @enum {string} */
                            kind: "approve" | "settle" | "junk" | "bypass" | "correct" | "undo";
                            /**
                             * Format: date-time
                             * @description When the reviewer decided, by the client’s clock (informative: the server orders decisions by when they reach it).
                             */
                            madeAt: string;
                            /** @enum {string} */
                            state: "pending" | "applied" | "conflict" | "refused";
                            serverRev: number;
                            _deleted: boolean;
                            /** @description approve, settle, junk, correct: the document’s address `<fileId>:p<first>-<last>` (or a proposed piece’s). bypass: `run:<n>`, the run the reviewer saw held at the gate (a conflict when the case moved on to another); omitted: whichever run holds it. undo: optional, the address of the decision taken back, for the reviewer’s eyes (the server goes by `decisionId`). */
                            address?: string;
                            /** @description undo only (and required there): the decision to take back (GET /applications/{id}/decisions), as in POST …/decisions/{decisionId}/undo. A conflict when it was undone already, or a later decision depends on it; refused (404) when the case has no such decision. */
                            decisionId?: string;
                            /** @description approve only: as in POST …/approve. */
                            expectedDocId?: string;
                            /** @description approve and junk only: as in POST …/approve and …/junk. */
                            spans?: components["schemas"]["DocumentSpan"][];
                            /** @description correct only: the key field, as in PUT …/key-data/{field}. */
                            field?: string;
                            /** @description correct only: the value, as in PUT …/key-data/{field} (`null` clears the field; required for a correction). */
                            value?: unknown;
                            /** @description Who decides; defaults to the pusher’s name (the server fills it in). */
                            decidedBy?: string;
                            /** @description applied: what was made. */
                            result?: {
                                /** Format: date-time */
                                appliedAt: string;
                                /** @description The decision made (GET /applications/{id}/decisions); none for a bypass. */
                                decisionId?: string;
                            };
                            /** @description conflict: the decision that came first, when one holds the pages (or the run) now; only `reason` when none does (the case was run again, or that decision was undone). */
                            conflict?: {
                                /** @description What the server answered, in words (the REST 409’s `error`). */
                                reason: string;
                                decisionId?: string;
                                /** @description Who made the decision in the way. */
                                decidedBy?: string;
                                /** Format: date-time */
                                decidedAt?: string;
                                /** @enum {string} */
                                decisionKind?: "approve" | "settle" | "junk" | "bypass" | "correct" | "undo";
                                /** @description What it was made on: a document’s address, or `run:<n>`. */
                                address?: string;
                            };
                            /** @description refused: the status and `error` the REST operation answers. */
                            error?: {
                                status: number;
                                message: string;
                            };
                        } | components["schemas"]["SyncGoneDocument"])[];
                    };
                };
                /** @description The request is invalid; `error` names the field or rule. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sync/decision-requests/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live changes of decision-requests (server-sent events)
         * @description An event stream. The first event, and the first after every reconnect, is `"RESYNC"`: pull from your checkpoint. Then each event is `{ documents, checkpoint }` as changes commit. A comment line every 25 s keeps proxies from closing it. When the credential it was opened with ends (sign-out, key revoked, user deactivated, password reset) or its role loses the right, the stream sends a last event named `revoked` with `{ status: 401 | 403, error }` and ends within a second, on every server instance; reconnecting is then refused.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The changes as they commit (`text/event-stream`). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                /** @description Not signed in, or wrong credentials. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description Signed in, but not allowed to do this. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
                /** @description The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiMessage"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description The rights and roles exactly as the server enforces them. */
        AccessMatrix: {
            rights: {
                /**
                 * @description A right of the access matrix.
                 * @enum {string}
                 */
                id: "organization.read" | "organization.manage" | "users.manage" | "keys.manage" | "webhooks.manage" | "models.manage" | "library.read" | "library.edit" | "cases.read" | "cases.create" | "expectedDocs.set" | "runs.start" | "documents.decide" | "briefs.start" | "insights.read";
                description: string;
            }[];
            roles: {
                /**
                 * @description `Manager` has every right; `Originator` works cases and the library.
                 * @enum {string}
                 */
                role: "Manager" | "Originator";
                rights: ("organization.read" | "organization.manage" | "users.manage" | "keys.manage" | "webhooks.manage" | "models.manage" | "library.read" | "library.edit" | "cases.read" | "cases.create" | "expectedDocs.set" | "runs.start" | "documents.decide" | "briefs.start" | "insights.read")[];
            }[];
            /**
             * @description The caller’s role; API keys and guest keys act as Originators.
             * @enum {string}
             */
            you: "Manager" | "Originator";
            /**
             * @description How the caller authenticated.
             * @enum {string}
             */
            callerKind: "user" | "apiKey" | "guest";
        };
        /** @description Our addition: an analysis of a source file received from an integrator’s own engine. */
        AnalysisIngest: {
            /** @description `ana_…`; documents and key values read from it carry `source` `analysis:<id>`. */
            id: string;
            applicationId: string;
            fileId: string;
            /** @enum {string} */
            format: "prediction" | "azure-document-intelligence";
            engine: string | null;
            /** @description Pages whose lines it gives (a run takes them instead of reading those pages). */
            pages: number[];
            /** @description Documents it gives, with our document type; empty when it gives none (the run splits those pages itself). */
            documents: {
                pages: number[];
                docType: string;
                /** @description Key fields kept, by name. */
                fields: string[];
            }[];
            /** @description What was left out and why: fields not of the type’s schema, values not of their field’s type. */
            ignored: {
                /** @description The path in the body, e.g. `prediction.documents[0].keyData.nickname`. */
                where: string;
                why: string;
            }[];
            /** @description Who sent it, as they proved it. */
            receivedBy: string;
            receivedAt: string;
            /** @description The one a run of the file uses: the latest ingest of the file. */
            current: boolean;
            /** @description The run that read the file with it and landed; null until one did. */
            usedByRun: number | null;
        };
        /** @description Our addition: what an integrator’s own engine read of one source file. `format` `prediction`: the corpus scorer’s prediction format (one packet) with page text added; `azure-document-intelligence`: Azure AI Document Intelligence’s `analyzeResult`. */
        AnalysisIngestInput: {
            /** @constant */
            format: "prediction";
            /** @description What produced it (a product and version): kept with the ingest and in the ledger. */
            engine?: string;
            prediction: components["schemas"]["PredictionPacket"];
        } | {
            /** @constant */
            format: "azure-document-intelligence";
            /** @description What produced it (a product and version): kept with the ingest and in the ledger. */
            engine?: string;
            analyzeResult: components["schemas"]["AzureAnalyzeResult"];
            /** @description Azure `docType` → our document type. */
            docTypeMap?: {
                [key: string]: string;
            };
            /** @description Azure field name → our key field; unmapped names are taken with their first letter lower-cased (`DateOfBirth` → `dateOfBirth`). */
            fieldMap?: {
                [key: string]: string;
            };
        };
        /** @description How well the analyzer reads the organization’s documents, measured from what people did with each document a run read: approved as is, corrected, refiled to another line, re-cut or junked. Counted from the case ledgers (a decision undone no longer counts), at the time of asking; `from`, `to` and `workflowId` choose the readings, whenever people decided on them. */
        AnalyzerInsights: {
            /** @description The filters applied, as given. */
            filters: {
                workflowId: string | null;
                /** @description `YYYY-MM-DD`, or null: from the first reading. */
                from: string | null;
                /** @description `YYYY-MM-DD`, or null: up to now. */
                to: string | null;
            };
            totals: components["schemas"]["InsightOutcomes"];
            boundaries: components["schemas"]["InsightBoundaries"];
            /** @description `InsightFieldRow` summed over every field. */
            fieldTotals: {
                read: number;
                kept: number;
                corrected: number;
                filledIn: number;
            };
            /** @description One row per type the run read, most documents first. */
            types: components["schemas"]["InsightTypeRow"][];
            /** @description One row per type and field with a reading judged or a value filled in, by type, then most readings first. */
            fields: components["schemas"]["InsightFieldRow"][];
            /** @description Reliability diagrams: how confidence relates to being right. */
            reliability: {
                /** @description The run’s type confidence against being right, over the decided documents but the settled: right when approved with the run’s pages and line (as is or with a value corrected), wrong when refiled, re-cut or junked. Ten bins, always. */
                types: components["schemas"]["ReliabilityBin"][];
                /** @description Each key value’s confidence against being kept, over the readings judged (`InsightFieldRow.read`). Ten bins, always. */
                fields: components["schemas"]["ReliabilityBin"][];
            };
            /** @description Per ISO week of the readings, oldest first. */
            weeks: components["schemas"]["InsightWeek"][];
            /** @description The workflows whose runs read documents within `from`–`to`, most documents first: what `workflowId` can pick. */
            workflows: {
                id: string;
                /** @description Its name in the library; null when the library no longer shows it. */
                name: string | null;
                /** @description Documents its runs read within `from`–`to` (whatever `workflowId` says). */
                documents: number;
            }[];
        };
        ApiKey: {
            id: string;
            /** @description Also the default `decidedBy` of runs started with the key. */
            name: string;
            /** @description The first characters of the secret, to recognise a key. */
            prefix: string;
            createdAt: string;
            /** @description The user who created the key. */
            createdBy: string | null;
            revokedAt: string | null;
            lastUsedAt: string | null;
        };
        /** @description The one error body of the API (spec Part 7). */
        ApiMessage: {
            /** @description What went wrong, in words a person can act on; names the offending field when there is one. */
            error: string;
        };
        /** @description A case (spec Part 2): pinned to one list version, holding the source files and the state of its run. */
        Application: {
            id: string;
            applicantName: string;
            run: components["schemas"]["ApplicationRun"];
            expectedDocList: components["schemas"]["PinnedList"];
            /** @description The sample case of a guest sandbox. */
            sample: boolean;
            /** @description Who created the case, as they proved it. */
            createdBy: string;
            createdAt: string;
            updatedAt: string;
            /** @description Source files, in the order received. Files removed at the gate are not listed (the ledger keeps them). */
            files: components["schemas"]["SourceFile"][];
            /** @description Our addition (`sets`): the lines the case is checked against: its list’s lines (waived ones marked), then the lines added for it (GET /applications/{id}/expected-docs). */
            expectedDocs: components["schemas"]["CaseExpectedDoc"][];
        };
        /** @description One case of GET /applications. */
        ApplicationListing: {
            id: string;
            applicantName: string;
            run: components["schemas"]["ApplicationRun"];
            expectedDocList: components["schemas"]["PinnedList"];
            /** @description The sample case of a guest sandbox. */
            sample: boolean;
            /** @description Who created the case, as they proved it. */
            createdBy: string;
            createdAt: string;
            updatedAt: string;
            fileCount: number;
            /** @description Pages of its source files. */
            pageCount: number;
            /** @description Lines the case is checked against that are satisfied: filed against by at least their `minCount` documents (settled or waiting for a person). Waived lines are not counted. */
            docsFiled: number;
            /** @description Lines the case is checked against: its list’s lines less the waived ones, plus the ones added for it. */
            docsTotal: number;
        };
        /** @description The case’s current or last run (spec Part 2 `run`). */
        ApplicationRun: {
            state: components["schemas"]["RunState"];
            /** @description What the current or last run is: `parse`, a workflow run (pre-flight, preview, parse, then the workflow’s tools). Null before any run. */
            kind: "parse" | null;
            /** @description Which run of the case this is: 1, 2, 3…; null before any run. */
            number: number | null;
            /** @description Why the case is at the gate (`gated` only): `flags` red flags wait for a person, `emailRequired` the instant account needs an email, `analyzerUnreachable`, `failed`, `cancelled`, `interrupted` (the server stopped mid-run). Null otherwise, and for a case no run has started on. */
            gateReason: ("flags" | "emailRequired" | "analyzerUnreachable" | "failed" | "cancelled" | "interrupted") | null;
            /** @description The red flags holding the case at the gate; empty otherwise. */
            flags: components["schemas"]["GateFlag"][];
            /** @description The workflow version the run follows. */
            workflow: {
                id: string;
                version: number;
            } | null;
            /** @description Who consented to the run (the `decidedBy` of the run call, or whoever bypassed the gate). */
            decidedBy: string | null;
            /** @description What that caller proved: `user:<email>`, `apiKey:<id>` or `guest:<id>`. */
            authenticatedAs: string | null;
            /** @description While in flight; null otherwise. */
            progress: components["schemas"]["RunProgress"] | null;
            startedAt: string | null;
            /** @description When the run landed in `report` or stopped at the gate. */
            endedAt: string | null;
            /** @description Present when the last run failed, was cancelled, or the analyzer went silent or could not be reached: why, in words a person can act on. */
            lastRunError?: string;
            /** @description Present while a run call’s pre-flight checks files of the case (the call has not answered yet): how far it is. */
            preflight?: components["schemas"]["RunPreflight"];
        };
        /** @description Approve (file) a document. Approving a proposed piece of a range listed whole (`proposedSplits[].address`) confirms that split. */
        ApproveDocumentInput: {
            /** @description File it against this line of the pinned list (400 when no such line), or `"unmatched"` to keep it as matching nothing. Omitted: the line it was proposed for (unmatched when none). */
            expectedDocId?: string;
            /** @description New boundaries: the document is made of these pages, in this order, of any files of the case. They must include a page of the addressed document. Its other pages, and any other document’s pages taken, stay listed as documents of their own (cut from theirs, nothing re-read). Omitted: the addressed document’s pages. */
            spans?: components["schemas"]["DocumentSpanInput"][];
            /** @description Who decides; defaults to the caller’s name (an API key’s name). */
            decidedBy?: string;
        };
        /** @description A question asked in a conversation. */
        AskInput: {
            /** @description A question about the case. Surrounding whitespace is trimmed first: at least 1 character besides it. */
            question: string;
        };
        /** @description A question and its answer, with checked citations. */
        AssistantTurn: {
            id: string;
            conversationId: string;
            n: number;
            question: string;
            /** @enum {string} */
            status: "answering" | "done" | "failed";
            answer: string | null;
            citations: components["schemas"]["IntelCitation"][];
            droppedCitations: number;
            model: components["schemas"]["ResearchModel"] | null;
            usage: components["schemas"]["TokenUsage"] | null;
            error: string | null;
            /** @description Its event stream (`text/event-stream`), path from the service origin. */
            streamUrl: string;
            createdAt: string;
            finishedAt: string | null;
        };
        /** @description The `analyzeResult` of an Azure AI Document Intelligence analyze operation (layout, prebuilt or custom models). */
        AzureAnalyzeResult: {
            apiVersion?: string;
            modelId?: string;
            /** @description Not read: lines are taken from `pages[].lines`. */
            content?: string;
            pages: {
                pageNumber: number;
                width: number;
                height: number;
                /**
                 * @description Of `width`, `height` and polygons; boxes are read in proportion to the page.
                 * @enum {string}
                 */
                unit?: "inch" | "pixel";
                angle?: number;
                lines?: {
                    content: string;
                    /** @description x1, y1, … x4, y4 in the page’s `unit`, clockwise from the top-left corner. */
                    polygon?: number[];
                }[];
                /** @description Not read (lines are): leave them out to stay within the body limits. */
                words?: unknown[];
            }[];
            /** @description Absent (a layout or read model): the run splits and types the file itself, on the ingested lines. */
            documents?: {
                /** @description Mapped to ours by `docTypeMap`, else taken as is, else its last `.`- or `:`-separated part (`idDocument.passport` → `passport`). */
                docType: string;
                /** @description Its pages are the `pageNumber`s of its regions. */
                boundingRegions: {
                    pageNumber: number;
                    /** @description x1, y1, … x4, y4 in the page’s `unit`, clockwise from the top-left corner. */
                    polygon?: number[];
                }[];
                fields?: {
                    [key: string]: components["schemas"]["AzureDocumentField"];
                };
                confidence?: number;
            }[];
        };
        /** @description A field of an Azure Document Intelligence document, as its REST API answers it. */
        AzureDocumentField: {
            type?: string;
            content?: string;
            confidence?: number;
            boundingRegions?: {
                pageNumber: number;
                /** @description x1, y1, … x4, y4 in the page’s `unit`, clockwise from the top-left corner. */
                polygon?: number[];
            }[];
            valueString?: string;
            valueDate?: string;
            valueTime?: string;
            valueNumber?: number;
            valueInteger?: number;
            valueBoolean?: boolean;
            valueSelectionMark?: string;
            valuePhoneNumber?: string;
            valueCountryRegion?: string;
            valueCurrency?: {
                amount: number;
                currencyCode?: string;
                currencySymbol?: string;
            };
            valueAddress?: {
                [key: string]: unknown;
            };
            /** @description Ignored: our key data has no nested objects but money (`content` is taken when given). */
            valueObject?: {
                [key: string]: unknown;
            };
            /** @description Items are fields of this shape (not null, not bare values); a list with an item of `valueObject` is ignored. */
            valueArray?: components["schemas"]["AzureDocumentListItem"][];
        };
        /** @description An item of an Azure field’s `valueArray`: a field of the same shape. Parts of the wrong type are a 400 naming them; an item that is an object (`valueObject`) or a list leaves the field out, listed in `ignored`. */
        AzureDocumentListItem: {
            type?: string;
            content?: string;
            confidence?: number;
            boundingRegions?: {
                pageNumber: number;
                /** @description x1, y1, … x4, y4 in the page’s `unit`, clockwise from the top-left corner. */
                polygon?: number[];
            }[];
            valueString?: string;
            valueDate?: string;
            valueTime?: string;
            valueNumber?: number;
            valueInteger?: number;
            valueBoolean?: boolean;
            valueSelectionMark?: string;
            valuePhoneNumber?: string;
            valueCountryRegion?: string;
            valueCurrency?: {
                amount: number;
                currencyCode?: string;
                currencySymbol?: string;
            };
            valueAddress?: {
                [key: string]: unknown;
            };
            /** @description Ignored: our key data has no nested objects but money (`content` is taken when given). */
            valueObject?: {
                [key: string]: unknown;
            };
            /** @description A list inside a list: the field is left out (`ignored`); our list fields hold values. */
            valueArray?: unknown[];
        };
        /** @description Our addition: which lines of the pinned list the case’s documents satisfy now, after people’s decisions (a run records its own report as `case.completeness`). */
        CaseCompleteness: {
            /** @description Lines not waived with at least `minCount` listed documents filed against them: the case listing’s `docsFiled`. */
            satisfied: number;
            /** @description Lines the case is checked against, waived ones left out: the case listing’s `docsTotal`. */
            total: number;
            lines: {
                expectedDocId: string;
                name: string;
                /** @enum {string} */
                requirement: "required" | "optional";
                /** @description Listed documents filed against it (approved, settled, or proposed and waiting). */
                have: number;
                /** @description Of those, approved by a person. */
                approved: number;
                /** @description Its `minCount`. */
                need: number;
                /** @description `have < need`, on a line not waived. */
                missing: boolean;
                /** @description Our addition (`sets`): a person waived the line for this case; it counts in neither `satisfied` nor `total`. */
                waived: boolean;
                /**
                 * @description `list`: a line of the pinned list version; `case`: added by hand for this case.
                 * @enum {string}
                 */
                origin: "list" | "case";
            }[];
            /** @description Addresses of listed documents that match no line. */
            unmatched: string[];
        };
        /** @description Our addition: one line a case is checked against: a line of its pinned list version, or one added for the case, with what a person set on it. */
        CaseExpectedDoc: {
            /** @description The line’s id: documents filed against it name it as `expectedDocId`. */
            id: string;
            /** @description The document type (or kind) the line asks for. */
            docType: string;
            name: string;
            /**
             * @description `required`: the case is incomplete without it; `optional`: asked for, but the case can do without.
             * @enum {string}
             */
            requirement: "required" | "optional";
            minCount: number;
            /** @description Null: no limit. */
            maxCount: number | null;
            /**
             * @description `list`: a line of the pinned list version. `case`: added by hand for this case.
             * @enum {string}
             */
            origin: "list" | "case";
            /** @description What a person set on the line for this case (spec tag `sets`), null when nothing. `waived`: the case need not satisfy it: it counts in neither `docsFiled` nor `docsTotal` nor the missing lines, and a document may still be filed against it. `added`: the line exists for this case alone. */
            override: {
                /** @description Why, as the person said it. */
                reason: string;
                decidedBy: string;
                /** @description What the decider proved: `user:<email>`, `apiKey:<id>`, `guest:<id>`. */
                authenticatedAs: string;
                /** @description ISO 8601. */
                decidedAt: string;
                /** @enum {string} */
                kind: "waived" | "added";
            } | null;
        };
        /** @description Our addition: the expected documents set for a case, and how far its documents satisfy them. */
        CaseExpectedDocs: {
            applicationId: string;
            /** @description The list version the case is checked against now. */
            expectedDocList: {
                id: string;
                version: number;
                name: string;
                source: components["schemas"]["LibrarySource"];
            };
            /** @description The list’s lines in list order (waived ones included, marked), then the lines added for the case. */
            expectedDocs: components["schemas"]["CaseExpectedDoc"][];
            /** @description What the case’s listed documents satisfy of those lines now. */
            completeness: components["schemas"]["CaseCompleteness"];
        };
        /** @description One catalogue version of the marked chain. */
        CatalogLayer: {
            /** @description The catalogue’s list id. */
            id: string;
            version: number;
            name: string;
            kind: components["schemas"]["ExpectedDocListKind"];
            source: components["schemas"]["LibrarySource"];
        };
        ChangePasswordInput: {
            currentPassword: string;
            /** @description At least 10 characters. */
            newPassword: string;
        };
        /** @description The option the stage should run on for your whole organization. */
        ChooseModelInput: {
            /** @description An `id` from the stage’s `options`. Surrounding whitespace is trimmed first: at least 1 character besides it. */
            option: string;
        };
        /** @description Coins a document type into your `custom-documents` catalogue. Its requirement fields are the chain’s requirement defaults (the `default` entry). */
        CoinDocTypeInput: {
            /** @description The document type id is the slug of this name (lower case, accented letters folded to a–z, digits kept, anything else a dash): a name whose slug has no letter a–z is refused with 400. Surrounding whitespace is trimmed first: at least 1 character besides it. */
            name: string;
            /** @description A docKind of the marked chain (an entry of the root catalogue with kind `docKind`, for example `income`). */
            kind: string;
            description?: string;
        };
        ConfirmEmailInput: {
            /** @description The token of the mailed link `/confirm-email#token=…`. */
            token: string;
        };
        ContactAck: {
            /** @constant */
            received: true;
            message: string;
        };
        ContactInput: {
            /** @description Surrounding whitespace is trimmed first: at least 1 character besides it. */
            name: string;
            /** Format: email */
            email: string;
            topics: ("demo" | "pricing" | "support" | "partnership" | "security" | "other")[];
            message?: string;
            /** @description Leave empty. A honeypot: a filled one is accepted and discarded. */
            company?: string;
        };
        /** @description Where an inserted (sub)section was copied from. A copy, not a link: later changes or deletion of the origin do not touch it. */
        ContentOrigin: {
            /** @enum {string} */
            type: "bundle" | "savedSection";
            id: string;
            name: string;
        };
        /** @description Where an inserted (sub)section was copied from. A copy, not a link: later changes or deletion of the origin do not touch it. */
        ContentOriginInput: {
            /** @enum {string} */
            type: "bundle" | "savedSection";
            id: string;
            name: string;
        };
        /** @description A conversation about one case, kept per case and per caller (user or key); nobody else reads it. */
        Conversation: {
            id: string;
            applicationId: string;
            title: string;
            turnCount: number;
            createdAt: string;
            updatedAt: string;
            /** @description Oldest first. */
            turns: components["schemas"]["AssistantTurn"][];
        };
        /** @description A conversation of the caller about a case. */
        ConversationListing: {
            id: string;
            applicationId: string;
            title: string;
            turnCount: number;
            createdAt: string;
            updatedAt: string;
        };
        /** @description Our addition: set (or clear) one key value of a listed document, as a person read it. Required: `value` (send `null` to clear). The field must be one of the extraction schema of the document’s type: the type of the line it is filed against when that line asks for a type, else the type the run read. */
        CorrectKeyDataInput: {
            /** @description The value in its field type’s form (`ExtractionFieldType`): text as printed, a date `yyyy-mm-dd`, money `{ "amount": "1234.56", "currency": "GBP" }` (an amount sent as a number is written with two decimals), a number, one of an enum’s `options`, true or false; an array of such for a `multiple` field. `null` clears the field: the document does not print it (it leaves `extractKeyData`). 400 when it is not of the field’s type. */
            value: unknown;
            /** @description Who decides; defaults to the caller’s name (an API key’s name). */
            decidedBy?: string;
        };
        /** @description The name is used as the default `decidedBy` of runs started with the key. */
        CreateApiKeyInput: {
            /** @description Surrounding whitespace is trimmed first: at least 1 character besides it. */
            name: string;
        };
        /** @description Creates a case without running anything. The list version must be active or superseded: a draft still changes, and a case is pinned for good. */
        CreateApplicationInput: {
            /** @description The list: its id for its active version, or `<id>/<N>` for version N (spec Part 9.6). Surrounding whitespace is trimmed first: at least 1 character besides it. */
            expectedDocListId: string & (unknown & unknown);
            /** @description Pins version N; the same as `<id>/<N>`. Both given must agree. */
            version?: number;
            /** @description Surrounding whitespace is trimmed first: at least 1 character besides it. */
            applicantName: string;
        };
        /** @description Starts a conversation about a case. */
        CreateConversationInput: {
            /** @description Absent: the first question names the conversation. */
            title?: string;
        };
        /** @description An address has one account across the service. An address already in your organization is a 409. An address that has an account in another organization is answered exactly like a new one (201, the same `User`, listed as invited), so adding a colleague never tells whether an address is in use elsewhere; that colleague stays invited and never becomes an account (its owner keeps the one they have, and is told by mail that nothing changed; a temporary password given for it never signs anyone in). Mails wait until the adding Manager's own address is confirmed. */
        CreateUserInput: {
            /** @description Surrounding whitespace is trimmed first: at least 2 characters besides it. */
            name: string;
            /** Format: email */
            email: string;
            /**
             * @description `Manager` has every right; `Originator` works cases and the library.
             * @default Originator
             * @enum {string}
             */
            role?: "Manager" | "Originator";
            /** @description When given, the colleague signs in with it and is asked to change it; when absent, an invitation mail with a link to set a password is sent (valid 7 days). */
            temporaryPassword?: string;
        };
        /** @description A new endpoint: where to POST, and which ledger actions. */
        CreateWebhookInput: {
            /** @description An http(s) URL (an IPv6 address in brackets is taken too). Loopback, private and link-local addresses are refused (400 here when written as such, and at every delivery after resolving the name) unless the server sets WEBHOOK_ALLOW_PRIVATE=true. An IPv4 address inside IPv6 (mapped, translated, compatible, NAT64, 6to4, Teredo) is judged as that IPv4 address; other IPv6 only in global unicast (2000::/3). Surrounding whitespace is trimmed. */
            url: string;
            /**
             * @description Ledger action names to send; empty or absent means every event. Names repeated count once. One of: application.created, file.received, file.removed, gate.refused, gate.bypassed, run.started, run.stage, run.reported, run.failed, run.cancelled, run.resumed, document.proposed, document.flagged, case.completeness, document.approved, document.settled, document.junked, document.corrected, decision.undone, list.changed, line.waived, line.added, line.cleared, analysis.ingested, brief.started, brief.ready.
             * @default []
             */
            events?: ("application.created" | "file.received" | "file.removed" | "gate.refused" | "gate.bypassed" | "run.started" | "run.stage" | "run.reported" | "run.failed" | "run.cancelled" | "run.resumed" | "document.proposed" | "document.flagged" | "case.completeness" | "document.approved" | "document.settled" | "document.junked" | "document.corrected" | "decision.undone" | "list.changed" | "line.waived" | "line.added" | "line.cleared" | "analysis.ingested" | "brief.started" | "brief.ready")[];
        };
        CreatedApiKey: {
            id: string;
            /** @description Also the default `decidedBy` of runs started with the key. */
            name: string;
            /** @description The first characters of the secret, to recognise a key. */
            prefix: string;
            createdAt: string;
            /** @description The user who created the key. */
            createdBy: string | null;
            revokedAt: string | null;
            lastUsedAt: string | null;
            /** @description The key itself, for `Authorization: Bearer`. Shown only in this response. */
            secret: string;
        };
        /** @description The endpoint just added, with its signing secret (returned this once). */
        CreatedWebhookEndpoint: {
            id: string;
            /** @description Where deliveries are POSTed. */
            url: string;
            /** @description The ledger actions sent; empty means every action (spec Part 6.6). */
            events: components["schemas"]["LedgerAction"][];
            /** @description false after the receiver answered 410 (to a test or a real delivery): nothing is enqueued for it until it is reactivated. */
            active: boolean;
            deactivatedAt: string | null;
            deactivatedReason: string | null;
            /** @description ISO 8601. Nothing from the ledger before this moment is ever sent to the endpoint (spec Part 6.7). */
            createdAt: string;
            /** @description The Manager who added it. */
            createdBy: string | null;
            /** @description After a rotation: until when deliveries also carry a signature made with the previous secret (24 hours); null otherwise. */
            previousSecretExpiresAt: string | null;
            /** @description The delivery attempted last (or, before any attempt, enqueued last); null when none. */
            latestDelivery: components["schemas"]["WebhookDelivery"] | null;
            /** @description `whsec_` followed by the base64 of 32 random bytes: the HMAC-SHA256 key (base64-decoded) of `webhook-signature`. Shown only in this answer; store it now. */
            secret: string;
        };
        /** @description What a decision answers: itself and the list it produced. */
        DecisionResult: {
            decision: components["schemas"]["DocumentDecision"];
            /** @description The case’s documents after the decision (as GET /applications/{id}/documents). */
            documents: components["schemas"]["DocumentEntry"][];
        };
        /** @description The version this one was copied from (new-version, rename, duplicate, or a copy of official content). */
        DerivedFrom: {
            id: string;
            version: number;
            source: components["schemas"]["LibrarySource"];
        };
        DeviceSession: {
            /** @description The bearer token. Shown only here; keep it like a password. */
            token: string;
            expiresAt: string;
            user: components["schemas"]["User"];
        };
        /** @description One version of the extraction schema of a document type. Extraction reads the active version of your own schema, else the official one; a type with neither resolves to its docKind’s schema, then to `fallback`. */
        DocTypeExtractionSchema: {
            /** @description Document type id. */
            docType: string;
            version: number;
            /** @description The document type’s name for this version; rename-as-new-version changes it on the next version. */
            name: string;
            status: components["schemas"]["LibraryStatus"];
            source: components["schemas"]["LibrarySource"];
            description: string;
            fields: components["schemas"]["ExtractionField"][];
            derivedFrom: components["schemas"]["DerivedFrom"] | null;
            createdAt: string;
            updatedAt: string;
            activatedAt: string | null;
        };
        /** @description The body of a save: a `DocTypeExtractionSchema` as read, edited; the fields the server owns may be sent back and are ignored. 400 when field names repeat or an `options` list is given to a field that is not an `enum`. */
        DocTypeExtractionSchemaEdit: {
            /** @description When sent, must be the document type of the path. */
            docType?: string;
            /** @description When sent, must be the version of the path. */
            version?: number;
            /** @description When sent, must be the version’s name (use rename-as-new-version to rename). */
            name?: string;
            /** @description Unchanged when absent. */
            description?: string;
            fields: components["schemas"]["ExtractionFieldInput"][];
        };
        /** @description When the name already means a document type that has a schema (yours or official), that schema is answered with 200 and nothing is written. Otherwise v1 is created as a draft with no fields (201); a new document type is coined into custom-documents on the way. */
        DocTypeExtractionSchemaInput: {
            /** @description The document type id is the slug of this name (lower case, accented letters folded to a–z, digits kept, anything else a dash): a name whose slug has no letter a–z is refused with 400. Surrounding whitespace is trimmed first: at least 1 character besides it. */
            name: string;
            /**
             * @description Used only when the document type is new: the docKind it is coined under in custom-documents.
             * @default other
             */
            kind?: string;
            description?: string;
        };
        DocTypeExtractionSchemaRef: {
            /** @description Document type id. */
            docType: string;
            version: number;
            name: string;
            status: components["schemas"]["LibraryStatus"];
            source: components["schemas"]["LibrarySource"];
        };
        /** @description Our addition: a next most likely document type, with the classifier’s confidence. */
        DocumentAlternative: {
            docType: string;
            confidence: number;
        };
        /** @description A person’s decision on a document (spec Part 2 `approval.*`). */
        DocumentApproval: {
            /**
             * @description `approved`: filed, a PDF cut from the packet (`approvedDocId`). `settled`: a person is done with it without filing (no PDF).
             * @enum {string}
             */
            outcome: "approved" | "settled";
            /** @description Who decided, as they said (defaults to the user’s or key’s name). */
            decidedBy: string;
            /** @description What the decider proved: `user:<email>`, `apiKey:<id>`, `guest:<id>`. */
            authenticatedAs: string;
            /** @description Our addition: the decision, to undo it (POST /applications/{id}/decisions/{decisionId}/undo). */
            decisionId: string;
            /** @description Our addition: ISO 8601. */
            decidedAt: string;
            /** @description Identifies the filed PDF: GET /applications/{id}/approved-docs/{approvedDocId}/file. Present when `approved`. */
            approvedDocId?: string;
            /** @description The line the person filed it against, or `"unmatched"` when they kept a document that matches no line. Absent on `settled`. */
            expectedDocId?: string;
        };
        /** @description A named group of document types, inserted into lists as a subsection (a copy). */
        DocumentBundle: {
            id: string;
            name: string;
            /** @description The member document types, in the order given. */
            members: string[];
            createdAt: string;
            updatedAt: string;
        };
        /** @description A name and the member document types. */
        DocumentBundleInput: {
            /** @description Unique among your bundles, ignoring case. Surrounding whitespace is trimmed first: at least 1 character besides it. */
            name: string;
            /** @description Document types of your marked chain or custom-documents; at least one, none repeated. */
            members: string[];
        };
        /** @description Our addition: a person’s decision on a case’s documents, as recorded (each is also a ledger row). */
        DocumentDecision: {
            id: string;
            /**
             * @description `correct` (our addition): a person set or cleared one key value (`field`, `value`).
             * @enum {string}
             */
            kind: "approve" | "settle" | "junk" | "correct";
            /** @description The document it was made on. */
            address: string;
            /** @description The pages it took: approved into the document, junked, or settled. */
            spans: components["schemas"]["DocumentSpan"][];
            decidedBy: string;
            authenticatedAs: string;
            decidedAt: string;
            /** @description approve: the line, or `"unmatched"`. */
            expectedDocId?: string;
            approvedDocId?: string;
            /** @description correct: the key field set. */
            field?: string;
            /** @description correct: the value set; `null` when the person cleared the field. */
            value?: unknown;
            /** @description Present once undone. */
            undone?: {
                by: string;
                authenticatedAs: string;
                at: string;
            };
        };
        /** @description A decision that takes nothing but who decides: settle, undo. */
        DocumentDecisionInput: {
            /** @description Who decides; defaults to the caller’s name (an API key’s name). */
            decidedBy?: string;
        };
        /** @description One document of a case (spec Part 2). The list holds each page once: a range that reads as several documents is one entry until its split is confirmed (by a person approving a piece, or by the workflow: classify-and-file `followSplits`), then its pieces; a page approved into a document belongs only to it; a junked page is not listed. */
        DocumentEntry: {
            /** @description `<fileId>:p<first>-<last>`: the first span’s file and its first and last page. The identity; no minted id. Stable across runs for pages that did not move. */
            address: string;
            title: string;
            /** @description The pages, per file, in document order. Several spans when a person set boundaries across files. */
            spans: components["schemas"]["DocumentSpan"][];
            /** @description `false`: it still waits for a person (or the workflow settled it, `settleAbove`). */
            settled: boolean;
            /** @description What was read of it. */
            document: {
                /** @description A file name for the filed PDF. */
                suggestedName: string;
                /** @description The key fields of its type’s active extraction schema that were read: field → value (dates ISO 8601, money as numbers, names as written). */
                extractKeyData: {
                    [key: string]: unknown;
                };
                /** @description Our addition: for each key of `extractKeyData`, its confidence and the page and line it was read from. */
                keyFields: {
                    [key: string]: components["schemas"]["KeyFieldProvenance"];
                };
                /** @description Our addition: the document type the classifier read; `fallback` when none. */
                docType: string;
                /** @description Our addition: the classifier’s confidence in `docType`. */
                confidence: number;
                /** @description Our addition: the next most likely types, most likely first. */
                alternatives: components["schemas"]["DocumentAlternative"][];
                /** @description Our addition: what the workflow’s checks found (expiry, applicant name), and a filing whose line the case no longer has (`expected-docs`, `line_removed`). */
                findings: components["schemas"]["DocumentFinding"][];
                /** @description Our addition: what the analyzer is unsure of. Confidences are calibrated on the development corpora (a 0.7 is right about 70 % of the time); the reviewer’s screens list documents with any of these first. */
                needsReview: {
                    /** @description The type’s confidence is under 0.7. */
                    type: boolean;
                    /** @description The confidence that a new document starts at its first page is under 0.7. */
                    boundary: boolean;
                    /** @description Key fields read with a confidence under 0.7, or read differently by the built-in and the learned reader (`keyFields[…].disputed`); a value a person corrected is sure. */
                    fields: string[];
                };
                /** @description Our addition: where its boundaries and type came from when not the built-in analyzer: `analysis:<ingestId>` (an integrator’s own engine, POST /applications/{id}/files/{fileId}/analysis), `model:<name>` (the model chosen for the classify stage), `parse` (a run that only parsed: the whole file listed for people to split and file). Absent: the built-in splitter and classifier. */
                source?: string;
            };
            /** @description Our addition: when the range reads as several documents and nobody confirmed the split yet, the pieces it would be listed as (rule 1); empty otherwise. Approving a piece’s address confirms the split. */
            proposedSplits: components["schemas"]["ProposedSplit"][];
            /** @description The line of the pinned list it is filed against. Absent when it matched no line: common, not an error. */
            expectedDocId?: string;
            /** @description Our addition: the address of the range this document was a proposed piece of, or the document a decision cut it from; absent when it was proposed as is. */
            splitOf?: string;
            /** @description Absent while nobody decided on it. */
            approval?: components["schemas"]["DocumentApproval"];
        };
        /** @description Something a check of the workflow found on a document for a person to look at (also a `document.flagged` ledger row). */
        DocumentFinding: {
            /** @description The workflow tool that raised it: `expiry-check`, `applicant-name-match`; or `expected-docs` when the case’s expected documents changed under a filing. */
            check: string;
            /** @description `expired`, `expiring_soon` (within the workflow’s `warnWithinDays`), `expiry_date_missing`, `applicant_not_named` (no line names the applicant), `name_mismatch` (a name field was read and is not the applicant’s), `line_removed` (it was filed against a line the case no longer has: it is listed unmatched and waits for a person to file it again). */
            code: string;
            /** @description What a reviewer should check, in words. */
            note: string;
        };
        /** @description Pages of one source file that belong to a document (spec Part 2). */
        DocumentSpan: {
            fileId: string;
            /** @description Page numbers of the source file, in document order. */
            pages: number[];
        };
        /** @description Pages of one source file that belong to a document (spec Part 2). */
        DocumentSpanInput: {
            fileId: string;
            /** @description Page numbers of the source file, in document order. */
            pages: number[];
        };
        /** @description One document type of your marked chain. Page kinds and the `default` entry are not document types and are left out. */
        DocumentTypeListing: {
            docType: string;
            name: string;
            /** @description `docKind` for a document kind of the root catalogue, else the docKind the type belongs to. */
            kind: string;
            description: string;
            /** @description The catalogue version that defines the type (the winning entry of the marked chain). */
            definedIn: {
                listId: string;
                version: number;
                source: components["schemas"]["LibrarySource"];
            };
            /** @description Extraction schema versions of the type: yours (every status) and the official organization’s (active and superseded), newest first within each source. */
            schemas: {
                version: number;
                name: string;
                status: components["schemas"]["LibraryStatus"];
                source: components["schemas"]["LibrarySource"];
            }[];
        };
        /** @description The signed-in user's own address and whether it is confirmed; a Manager's invitation mails wait until it is. */
        EmailConfirmationStatus: {
            /** @description Your address; null for the Manager of an instant account until one is added. */
            email: string | null;
            /** @description True once a link mailed to this address was used: the confirmation link (mailed at sign-up and when the address changes), a reset link or an invitation link. False while `email` is null. */
            confirmed: boolean;
            /** @description While not confirmed: when the link to confirm it that still works was mailed (ISO 8601). Null once confirmed, and when no link works: none was mailed (a colleague a Manager gave a temporary password), it expired, or there is no address yet; POST /email-confirmation/resend mails one. */
            linkSentAt: string | null;
            /** @description How many colleagues you added (POST /users, or a new address for one still invited) whose mail waits for your address to be confirmed; it is sent when it is. Colleagues who joined since or were deactivated are not counted. 0 once confirmed. */
            heldInvitations: number;
            /** @description The ids of those colleagues, as GET /users lists them: show them as waiting, not merely invited. */
            heldUserIds: string[];
        };
        /** @description An expected document: a line of a list, or an entry of a document catalogue. The requirement fields (`requirement`, `minCount`, `maxCount`, `note`) of a coined entry come from the chain’s `default` entry. */
        ExpectedDoc: {
            /** @description Unique within its list; documents of a case name the line they were filed against by it (`expectedDocId`). In a catalogue it equals `docType`. */
            id: string;
            /** @description Document type id. */
            docType: string;
            /** @description What people call it, for example "Payslip". */
            name: string;
            /** @description What the entry is. In a catalogue: `docKind` for the root catalogue’s document kinds, `pageKind` for page kinds (a blank page, a cover page), `default` for the entry holding the requirement defaults, and for a document type the id of the docKind it belongs to (for example `identity`). On a list line it is the kind of the line’s document type, taken from the catalogue. */
            kind: string;
            /** @description What the document is; the classifier reads it. */
            description: string;
            /**
             * @description `required`: the case is incomplete without it; `optional`: asked for, but the case can do without.
             * @enum {string}
             */
            requirement: "required" | "optional";
            /** @description How many documents of this line are expected at least, for example 3 payslips. */
            minCount: number;
            /** @description How many at most; null for no limit. */
            maxCount: number | null;
            /** @description Guidance for the applicant and reviewer, for example "the three most recent months". */
            note: string;
        };
        /** @description An expected document as sent on save. Fields left out are filled from the document type’s catalogue entry (its requirement defaults). */
        ExpectedDocEdit: {
            /** @description Keep the id of an existing line so cases filed against it stay filed; generated from `docType` when absent. */
            id?: string & unknown;
            /** @description Document type id. */
            docType: string;
            /** @description Defaults to the document type’s name; must not be empty when sent. */
            name?: string;
            /** @description On list lines read-only (taken from the catalogue); required for catalogue entries. */
            kind?: string;
            description?: string;
            /**
             * @description `required`: the case is incomplete without it; `optional`: asked for, but the case can do without.
             * @enum {string}
             */
            requirement?: "required" | "optional";
            minCount?: number;
            maxCount?: number | null;
            note?: string;
        };
        /** @description One version of an expected document list: sections of lines, each section with subsections (an inserted bundle becomes one). A document catalogue is a list too; its entries are its lines. */
        ExpectedDocList: {
            /** @description The list’s id: the slug of the name it was created with; it never changes. */
            id: string;
            version: number;
            /** @description The name of this version. A version never changes its name; rename-as-new-version gives the next version a new one. */
            name: string;
            kind: components["schemas"]["ExpectedDocListKind"];
            status: components["schemas"]["LibraryStatus"];
            source: components["schemas"]["LibrarySource"];
            /** @description Whether the list (all its versions) is your organization’s default list. */
            isDefault: boolean;
            description: string;
            /** @description Catalogues only: the next catalogue down the chain towards `generic`; null for `generic`, `custom-documents` and lists. */
            parent: string | null;
            sections: components["schemas"]["ExpectedDocListSection"][];
            derivedFrom: components["schemas"]["DerivedFrom"] | null;
            createdAt: string;
            updatedAt: string;
            activatedAt: string | null;
        };
        /** @description Names the new list a duplicate becomes: v1, a draft, of kind `expectedDocListCatalogOrgCustom`. */
        ExpectedDocListDuplicateInput: {
            /** @description The new list’s name; its id (the slug) must not exist yet. Surrounding whitespace is trimmed first: at least 1 character besides it. */
            name: string;
        };
        /** @description The body of a save: an `ExpectedDocList` as read, edited. The fields the server owns (`kind`, `status`, `source`, `isDefault`, `parent`, `derivedFrom`, timestamps) may be sent back and are ignored. Contract validation: every line’s `docType` is a document of your marked chain or custom-documents, line, section and subsection ids are unique, names are not empty, `minCount` ≤ `maxCount`; each failure is a 400 naming the line. */
        ExpectedDocListEdit: {
            /** @description When sent, must be the id of the path. */
            id?: string;
            /** @description When sent, must be the version of the path. */
            version?: number;
            /** @description When sent, must be the version’s name: a version never changes its name (use rename-as-new-version). */
            name?: string;
            /** @description Unchanged when absent. */
            description?: string;
            sections: components["schemas"]["ExpectedDocListSectionEdit"][];
        };
        /** @description Creates v1, a draft holding a blank scaffold (one empty section). */
        ExpectedDocListInput: {
            /** @description The id is the slug of this name. Surrounding whitespace is trimmed first: at least 1 character besides it. */
            name: string;
            description?: string;
        };
        /**
         * @description `expectedDocListCatalogOfficial`: an official list template, read-only to you. `expectedDocListCatalogOrgCustom`: your organization’s own list. `docTypeCatalogOfficial`: an official document catalogue (`generic`, `finance`). `docTypeCatalogOrgCustom`: your `custom-documents` catalogue.
         * @enum {string}
         */
        ExpectedDocListKind: "expectedDocListCatalogOfficial" | "expectedDocListCatalogOrgCustom" | "docTypeCatalogOfficial" | "docTypeCatalogOrgCustom";
        /** @description One row per list version: your own lists (every status), your custom-documents catalogue, and the official list templates and catalogues (active and superseded versions) except where you have your own list of that id. Ordered by id, then version. */
        ExpectedDocListListing: {
            /** @description The list’s id: the slug of the name it was created with; it never changes. */
            id: string;
            version: number;
            name: string;
            kind: components["schemas"]["ExpectedDocListKind"];
            status: components["schemas"]["LibraryStatus"];
            source: components["schemas"]["LibrarySource"];
            /** @description The organization-default flag; the same on every version of the list. */
            isDefault: boolean;
            /** @description Lines of the version, subsections included. */
            lineCount: number;
            derivedFrom: components["schemas"]["DerivedFrom"] | null;
            createdAt: string;
            updatedAt: string;
            activatedAt: string | null;
        };
        /** @description Names one version of a list. */
        ExpectedDocListRef: {
            /** @description The list’s id: the slug of the name it was created with; it never changes. */
            id: string;
            version: number;
            name: string;
            kind: components["schemas"]["ExpectedDocListKind"];
            status: components["schemas"]["LibraryStatus"];
            source: components["schemas"]["LibrarySource"];
        };
        ExpectedDocListSection: {
            id: string;
            name: string;
            note: string;
            lines: components["schemas"]["ExpectedDoc"][];
            subsections: components["schemas"]["ExpectedDocListSubsection"][];
            origin: components["schemas"]["ContentOrigin"] | null;
        };
        ExpectedDocListSectionEdit: {
            /** @description Generated from the name when absent. */
            id?: string & unknown;
            name: string;
            note?: string;
            /** @default [] */
            lines?: components["schemas"]["ExpectedDocEdit"][];
            /** @default [] */
            subsections?: components["schemas"]["ExpectedDocListSubsectionEdit"][];
            origin?: components["schemas"]["ContentOriginInput"] | null;
        };
        ExpectedDocListSubsection: {
            id: string;
            name: string;
            note: string;
            lines: components["schemas"]["ExpectedDoc"][];
            origin: components["schemas"]["ContentOrigin"] | null;
        };
        ExpectedDocListSubsectionEdit: {
            /** @description Generated from the name when absent. */
            id?: string & unknown;
            name: string;
            note?: string;
            lines: components["schemas"]["ExpectedDocEdit"][];
            origin?: components["schemas"]["ContentOriginInput"] | null;
        };
        /** @description One field extracted from a document of the type. */
        ExtractionField: {
            /** @description The key in `extractKeyData`, for example `dateOfBirth`. */
            name: string;
            /**
             * @description What people call it; the key split into words when empty.
             * @default
             */
            label: string;
            type: components["schemas"]["ExtractionFieldType"];
            /**
             * @description Whether every document of the type prints it; an optional field is extracted only when present.
             * @default true
             */
            required: boolean;
            /**
             * @description A list of values (for example several tenants’ names).
             * @default false
             */
            multiple: boolean;
            /** @default  */
            description: string;
            /**
             * @description Where and how the value is printed, for the extractor (labels, positions, formats).
             * @default []
             */
            hints: string[];
            /**
             * @description The allowed values of an `enum` field; empty for other types.
             * @default []
             */
            options: string[];
        };
        /** @description One field extracted from a document of the type. */
        ExtractionFieldInput: {
            /** @description The key in `extractKeyData`, for example `dateOfBirth`. */
            name: string;
            /**
             * @description What people call it; the key split into words when empty.
             * @default
             */
            label?: string;
            type: components["schemas"]["ExtractionFieldType"];
            /**
             * @description Whether every document of the type prints it; an optional field is extracted only when present.
             * @default true
             */
            required?: boolean;
            /**
             * @description A list of values (for example several tenants’ names).
             * @default false
             */
            multiple?: boolean;
            /** @default  */
            description?: string;
            /**
             * @description Where and how the value is printed, for the extractor (labels, positions, formats).
             * @default []
             */
            hints?: string[];
            /**
             * @description The allowed values of an `enum` field; empty for other types.
             * @default []
             */
            options?: string[];
        };
        /**
         * @description `text`: as printed (names: given names then surname, no honorific; addresses: printed lines joined with ", "). `date`: ISO `yyyy-mm-dd`. `money`: `{ amount: "1234.56", currency: "GBP" }`, amount a decimal string with two decimals and a leading `-` when negative, currency ISO 4217. `number`: a JSON number. `enum`: one of `options`. `boolean`: true or false.
         * @enum {string}
         */
        ExtractionFieldType: "text" | "date" | "money" | "number" | "enum" | "boolean";
        /** @description An informative flag raised when the file was received (`active_content`); it never holds the case at the gate. */
        FileFlag: {
            page: number;
            code: components["schemas"]["PreflightFlagCode"];
            /** @description The flag in words a reviewer can act on. */
            note: string;
        };
        ForgotPasswordAck: {
            message: string;
        };
        ForgotPasswordInput: {
            /** Format: email */
            email: string;
        };
        /** @description A person’s decision at the gate. */
        GateDecisionInput: {
            /** @description Who decides; defaults to the caller’s name. */
            decidedBy?: string;
        };
        /** @description A red flag raised at pre-flight on one page of one source file (spec Part 2). */
        GateFlag: {
            fileId: string;
            page: number;
            code: components["schemas"]["PreflightFlagCode"];
            /** @description The flag in words a reviewer can act on. */
            note: string;
        };
        /** @description A refusal at the gate (spec Part 2). Red flags are never overridden on the caller’s behalf: a person decides at the gate, and may choose `bypassed` ("Process anyway", POST /applications/{id}/run/bypass). */
        GateRefused: {
            error: string;
            /** @description Present when the case exists (it waits at the gate). */
            applicationId?: string;
            /** @description The red flags that hold the case (409). */
            flags?: components["schemas"]["GateFlag"][];
            /** @description True on the 403 for an instant account with no email yet. */
            emailRequired?: boolean;
            /** @description On a 400 or 413 refusing files: every file of the call that cannot be accepted, in the order sent. One refused file refuses the whole call (nothing of it is kept): files not listed were acceptable, and can be sent again without these. A file past 100 MB ends the call there: files after it were not read. */
            refusedFiles?: components["schemas"]["RefusedFile"][];
        };
        /** @description A guest key opening its own sandbox organization, no account needed. */
        GuestKey: {
            /** @description A bearer key for the sandbox. Shown only here. */
            key: string;
            organizationId: string;
            expiresAt: string;
            limits: {
                requestsPerMinute: number;
                uploadPages: number;
                validHours: number;
            };
        };
        /** @description Liveness and readiness of one server instance. Sent with 200 when healthy and with 503 when the database does not answer. */
        HealthStatus: {
            /**
             * @description `ok` when the server and its database answer; `unavailable` (with 503) otherwise.
             * @enum {string}
             */
            status: "ok" | "unavailable";
            /** @description The server version. */
            version: string;
            database: {
                /**
                 * @description `pglite`: the embedded database under DATA_DIR; `postgres`: a PostgreSQL server named by DATABASE_URL.
                 * @enum {string}
                 */
                driver: "pglite" | "postgres";
                /** @description Whether the database answered a query just now. */
                ok: boolean;
            };
            /** @description Seconds since this server process started. */
            uptimeSeconds: number;
            /** @description The server clock, ISO 8601. */
            time: string;
        };
        /** @description Copies a bundle into a draft as a subsection; later changes to the bundle do not reach the list. */
        InsertBundleInput: {
            bundleId: string;
            /** @description The section that receives the bundle as a new subsection. */
            sectionId: string;
        };
        /** @description Copies a saved section into a draft as a new section. */
        InsertSavedSectionInput: {
            savedSectionId: string;
            /** @description Index among the sections; appended when absent. */
            position?: number;
        };
        /** @description How people changed the boundaries the run read, per decided document (`split` + `merged` + `trimmed` = `boundariesChanged`; with `kept`, `decided`). */
        InsightBoundaries: {
            /** @description Decided documents whose boundaries people left as the run cut them (`decided` − `boundariesChanged`). */
            kept: number;
            /** @description Documents whose pages people filed as two or more documents. */
            split: number;
            /** @description Documents people filed together with pages of another document the run read (a proposed split joined again counts here, for each piece). */
            merged: number;
            /** @description Documents of which people junked some pages and filed the rest as one document. */
            trimmed: number;
        };
        /** @description How the run’s readings of one key field of one type fared. */
        InsightFieldRow: {
            /** @description The document type whose extraction schema the field is of (the type the run read, or for a value filled in, the type the correction names). */
            docType: string;
            /** @description The type’s name in the catalogue chain; null when unknown. */
            typeName: string | null;
            /** @description The field’s key in the extraction schema. */
            field: string;
            /** @description The field’s label in the schema extraction resolves for the type today; null when it has none. */
            label: string | null;
            /** @description Values the run read for the field on documents people approved with the run’s pages (approved as is, corrected or refiled): the readings judged. */
            read: number;
            /** @description Of `read`, values left as the run read them. */
            kept: number;
            /** @description Of `read`, values a person changed or cleared (the last active correction of the field differs from the reading). */
            corrected: number;
            /** @description Values the run did not read that a person filled in, on the same documents. */
            filledIn: number;
            /** @description The mean confidence of the readings judged; null when none. */
            meanConfidence: number | null;
        };
        /** @description What people decided about the documents the runs read: each decided document counted once, in one outcome. */
        InsightOutcomes: {
            /** @description Documents the runs read (each document a run proposed, a piece of a proposed split counted on its own; a range listed whole beside its pieces is not a reading of its own, and whole files a parse-only run listed are left out). */
            documents: number;
            /** @description Documents not all of whose pages a person has decided yet (approved, settled or junked): not judged. */
            pending: number;
            /** @description Documents every page of which a person decided: `approvedAsIs + corrected + refiled + boundariesChanged + junked + settled`. */
            decided: number;
            /** @description Approved with the pages and the line the run proposed, and no key value corrected. */
            approvedAsIs: number;
            /** @description Approved with the pages and the line the run proposed, after a person corrected (or filled in) at least one key value. */
            corrected: number;
            /** @description Approved with the pages the run proposed, but against another line of the list (or kept unmatched where the run filed it, or filed where it matched none). */
            refiled: number;
            /** @description Its pages were filed otherwise than as the one document the run read: split into several, merged with pages of another, or some junked and the rest filed (see `boundaries`). */
            boundariesChanged: number;
            /** @description Every page junked. */
            junked: number;
            /** @description Settled as the run read it (done with, not filed): neither right nor wrong, left out of the shares. */
            settled: number;
        };
        /** @description The outcomes of the documents the run read as one type. */
        InsightTypeRow: {
            /** @description Documents the runs read (each document a run proposed, a piece of a proposed split counted on its own; a range listed whole beside its pieces is not a reading of its own, and whole files a parse-only run listed are left out). */
            documents: number;
            /** @description Documents not all of whose pages a person has decided yet (approved, settled or junked): not judged. */
            pending: number;
            /** @description Documents every page of which a person decided: `approvedAsIs + corrected + refiled + boundariesChanged + junked + settled`. */
            decided: number;
            /** @description Approved with the pages and the line the run proposed, and no key value corrected. */
            approvedAsIs: number;
            /** @description Approved with the pages and the line the run proposed, after a person corrected (or filled in) at least one key value. */
            corrected: number;
            /** @description Approved with the pages the run proposed, but against another line of the list (or kept unmatched where the run filed it, or filed where it matched none). */
            refiled: number;
            /** @description Its pages were filed otherwise than as the one document the run read: split into several, merged with pages of another, or some junked and the rest filed (see `boundaries`). */
            boundariesChanged: number;
            /** @description Every page junked. */
            junked: number;
            /** @description Settled as the run read it (done with, not filed): neither right nor wrong, left out of the shares. */
            settled: number;
            /** @description The document type the run read (`fallback` when it recognised none). */
            docType: string;
            /** @description The type’s name in the organization’s catalogue chain; null when the chain no longer has it. */
            name: string | null;
            /** @description The mean confidence of the type readings, over the documents the run read; null when none. */
            meanConfidence: number | null;
        };
        /** @description The documents the runs read in one ISO week, by what people did with them since. Weeks with nothing read between the first and the last are listed with zeros. */
        InsightWeek: {
            /** @description Documents the runs read (each document a run proposed, a piece of a proposed split counted on its own; a range listed whole beside its pieces is not a reading of its own, and whole files a parse-only run listed are left out). */
            documents: number;
            /** @description Documents not all of whose pages a person has decided yet (approved, settled or junked): not judged. */
            pending: number;
            /** @description Documents every page of which a person decided: `approvedAsIs + corrected + refiled + boundariesChanged + junked + settled`. */
            decided: number;
            /** @description Approved with the pages and the line the run proposed, and no key value corrected. */
            approvedAsIs: number;
            /** @description Approved with the pages and the line the run proposed, after a person corrected (or filled in) at least one key value. */
            corrected: number;
            /** @description Approved with the pages the run proposed, but against another line of the list (or kept unmatched where the run filed it, or filed where it matched none). */
            refiled: number;
            /** @description Its pages were filed otherwise than as the one document the run read: split into several, merged with pages of another, or some junked and the rest filed (see `boundaries`). */
            boundariesChanged: number;
            /** @description Every page junked. */
            junked: number;
            /** @description Settled as the run read it (done with, not filed): neither right nor wrong, left out of the shares. */
            settled: number;
            /** @description The ISO week, `YYYY-Www` (UTC), of the runs’ readings counted. */
            week: string;
            /** @description Its Monday, `YYYY-MM-DD`. */
            start: string;
            /** @description Key values judged (as `InsightFieldRow.read`) on the week’s documents. */
            fieldsRead: number;
            /** @description Of those, the values kept as read. */
            fieldsKept: number;
        };
        /**
         * @description The shape the answer should take: `text` (a short paragraph), `yes-no` (yes or no, then why), `amount` (a sum with its currency), `date`, `number`, or `list` (one item per line). Each claim still cites its document, page and line.
         * @enum {string}
         */
        IntelAnswerType: "text" | "yes-no" | "amount" | "date" | "number" | "list";
        /** @description The answers of one intel template over one case. Sections fill in as their questions are answered (in parallel); a failed section is shown as failed inside a ready brief. */
        IntelBrief: {
            id: string;
            applicationId: string;
            /** @description The template version the brief answers. */
            template: {
                id: string;
                version: number;
                name: string;
            };
            /**
             * @description `running` while a section is pending or running; `ready` when every section is done or failed.
             * @enum {string}
             */
            status: "running" | "ready";
            /** @description The engine chosen for the `intel` stage when the brief started. */
            model: components["schemas"]["ResearchModel"];
            sectionCount: number;
            sectionsDone: number;
            sectionsFailed: number;
            /** @description The sum over its sections. */
            usage: components["schemas"]["TokenUsage"];
            /** @description Who started it (the user’s or key’s name). */
            createdBy: string;
            authenticatedAs: string;
            createdAt: string;
            readyAt: string | null;
            /** @description One per question, in template order. */
            sections: components["schemas"]["IntelBriefSection"][];
        };
        /** @description A brief without its sections. */
        IntelBriefListing: {
            id: string;
            applicationId: string;
            /** @description The template version the brief answers. */
            template: {
                id: string;
                version: number;
                name: string;
            };
            /**
             * @description `running` while a section is pending or running; `ready` when every section is done or failed.
             * @enum {string}
             */
            status: "running" | "ready";
            /** @description The engine chosen for the `intel` stage when the brief started. */
            model: components["schemas"]["ResearchModel"];
            sectionCount: number;
            sectionsDone: number;
            sectionsFailed: number;
            /** @description The sum over its sections. */
            usage: components["schemas"]["TokenUsage"];
            /** @description Who started it (the user’s or key’s name). */
            createdBy: string;
            authenticatedAs: string;
            createdAt: string;
            readyAt: string | null;
        };
        /** @description The answer to one question of the template. */
        IntelBriefSection: {
            /** @description The question’s position in the template, from 1. */
            n: number;
            question: string;
            answerType: components["schemas"]["IntelAnswerType"] | null;
            guidance: string | null;
            /**
             * @description `pending` (waiting for a worker), `running`, `done`, or `failed` (see `error`).
             * @enum {string}
             */
            status: "pending" | "running" | "done" | "failed";
            /** @description The answer, once done. When no citation of it held, this is "No evidence found in the case’s documents." rather than an unsupported claim. */
            answer: string | null;
            /** @description True when the answer found no evidence, or every citation it gave was dropped. */
            noEvidence: boolean;
            /** @description Checked citations, in the order the answer uses them. */
            citations: components["schemas"]["IntelCitation"][];
            /** @description Citations the engine gave that were not on the page and line they named, and were dropped. */
            droppedCitations: number;
            model: components["schemas"]["ResearchModel"] | null;
            usage: components["schemas"]["TokenUsage"] | null;
            /** @description Why a failed section failed (the model was silent past its time limit, refused, answered with malformed JSON, or was unreachable). */
            error: string | null;
            startedAt: string | null;
            finishedAt: string | null;
        };
        /** @description The evidence of a claim: a line of a page of the case, and the words quoted from it. */
        IntelCitation: {
            /** @description The address of the document the cited page is listed in (`<fileId>:p<first>-<last>`); null when the page is listed in no document (junked since). */
            address: string | null;
            /** @description The source file. */
            fileId: string;
            /** @description The page of that file. */
            page: number;
            /** @description The line of that page: 0-based, in reading order, as `GET /applications/{id}/text` lists them. */
            line: number;
            /** @description The words cited; they are on that line (checked against the stored text, case and spacing aside). */
            quote: string;
        };
        /** @description One research question of a template; a brief answers it in one section. */
        IntelQuestion: {
            /** @description The question the research model answers over the case’s pages. Surrounding whitespace is trimmed first: at least 1 character besides it. */
            prompt: string;
            /** @description Absent: free text. */
            answerType?: components["schemas"]["IntelAnswerType"];
            /** @description How to answer: what evidence counts, what to cite, what to flag. Read by the model and shown to the reviewer beside the answer. */
            guidance?: string;
        };
        /** @description One research question of a template; a brief answers it in one section. */
        IntelQuestionInput: {
            /** @description The question the research model answers over the case’s pages. Surrounding whitespace is trimmed first: at least 1 character besides it. */
            prompt: string;
            /** @description Absent: free text. */
            answerType?: components["schemas"]["IntelAnswerType"];
            /** @description How to answer: what evidence counts, what to cite, what to flag. Read by the model and shown to the reviewer beside the answer. */
            guidance?: string;
        };
        /** @description One version of an intel template: a named set of research questions a brief answers over one case. */
        IntelTemplate: {
            /** @description The template’s id: the slug of the name it was created with; it never changes. */
            id: string;
            version: number;
            /** @description The name of this version. */
            name: string;
            description: string;
            status: components["schemas"]["LibraryStatus"];
            source: components["schemas"]["LibrarySource"];
            /** @description In the order a brief answers them. */
            questions: components["schemas"]["IntelQuestion"][];
            derivedFrom: components["schemas"]["DerivedFrom"] | null;
            createdAt: string;
            updatedAt: string;
            activatedAt: string | null;
        };
        /** @description The body of a save: an `IntelTemplate` as read, edited. The fields the server owns (`status`, `source`, `derivedFrom`, timestamps) may be sent back and are ignored. A question needs a prompt; prompts must not repeat. */
        IntelTemplateEdit: {
            /** @description When sent, must be the id of the path. */
            id?: string;
            /** @description When sent, must be the version of the path. */
            version?: number;
            /** @description When sent, must be the version’s name: a version never changes its name. */
            name?: string;
            /** @description Unchanged when absent. */
            description?: string;
            questions: components["schemas"]["IntelQuestionInput"][];
        };
        /** @description Creates v1, a draft with no questions. */
        IntelTemplateInput: {
            /** @description The id is the slug of this name. Surrounding whitespace is trimmed first: at least 1 character besides it. */
            name: string;
            description?: string;
        };
        /** @description One row per template version: your own templates (every status), then the official templates you have no template of that id for (active and superseded versions). Rows of one template are together, newest version first; templates are ordered by name. */
        IntelTemplateListing: {
            /** @description The template’s id: the slug of the name it was created with; it never changes. */
            id: string;
            version: number;
            name: string;
            status: components["schemas"]["LibraryStatus"];
            source: components["schemas"]["LibrarySource"];
            description: string;
            questionCount: number;
            derivedFrom: components["schemas"]["DerivedFrom"] | null;
            createdAt: string;
            updatedAt: string;
            activatedAt: string | null;
        };
        /** @description Names one version of an intel template. */
        IntelTemplateRef: {
            /** @description The template’s id: the slug of the name it was created with; it never changes. */
            id: string;
            version: number;
            name: string;
            status: components["schemas"]["LibraryStatus"];
            source: components["schemas"]["LibrarySource"];
        };
        /** @description Junk a document: its pages leave the list (they stay in the source files and the ledger). */
        JunkDocumentInput: {
            /** @description Junk only these pages of the document (the rest stays listed as a document of its own); omitted: all of its pages. */
            spans?: components["schemas"]["DocumentSpanInput"][];
            /** @description Who decides; defaults to the caller’s name (an API key’s name). */
            decidedBy?: string;
        };
        /** @description Our addition: how sure a key value is, and where it was read (or who set it). */
        KeyFieldProvenance: {
            /** @description How sure the reader is of the value, 0 to 1. */
            confidence: number;
            /** @description The source file the value was read from. */
            fileId: string;
            /** @description The page of that file. */
            page: number;
            /** @description The line of that page (0-based, in reading order, as `GET /applications/{id}/text` lists them). */
            line: number;
            /** @description Present when a person set the value (PUT …/key-data/{field}): `confidence` is then 1. */
            corrected?: {
                /** @description The `correct` decision (undo it to go back to the value read). */
                decisionId: string;
                decidedBy: string;
                authenticatedAs: string;
                /** @description ISO 8601. */
                decidedAt: string;
                /** @description Whether the value was found printed on the document’s pages: `page` and `line` are then where; otherwise they are where the reader had read the field (or the document’s first line). */
                onPage: boolean;
            };
            /** @description Present when the value was read where the organization’s own corrections of documents of this layout say it is printed (the run’s learned reader), rather than by the built-in reader alone; `confidence` is the learned reader’s. */
            learned?: {
                /** @description How many of the organization’s corrected documents of this layout agreed on where to read it. */
                examples: number;
                /** @description Whether one of those corrections is confirmed: made by a Manager, or by someone whose correction a second person then approved (the corrected document, or a later one carrying a value it read). Until then `confidence` is 0.6 at most: the value needs review. */
                confirmed: boolean;
            };
            /** @description Where the value came from when the built-in reader did not read it off the page: `analysis:<ingestId>` (an integrator’s own engine, `POST /applications/{id}/files/{fileId}/analysis`; `confidence` is the one it gave), `model:<name>` (the model chosen for the extract stage), or the e-invoice XML the PDF embeds. Absent: the built-in reader (or a person, `corrected`). */
            source?: string;
            /** @description Present when the built-in reader and the organization’s learned reader read the field differently: the reading not shown, kept for a person to choose. A learned value never overrules a reading the built-in reader stands behind (0.7 and up: its checks passed) unless its corrections are confirmed, and never silently: the field is in `needsReview.fields` whatever either confidence. */
            disputed?: {
                /** @description The other reading, in the field’s form. */
                value: unknown;
                confidence: number;
                /** @description Where it was read, in the same file as the value’s. */
                page: number;
                line: number;
                /**
                 * @description `reader`: the built-in reader’s (the learned value shown overruled it); `learned`: the organization’s learned reader’s (the built-in reader’s value shown stood).
                 * @enum {string}
                 */
                by: "reader" | "learned";
                /** @description learned: how many corrected documents read it. */
                examples?: number;
                /** @description learned: whether one of those corrections is confirmed. */
                confirmed?: boolean;
            };
        };
        /**
         * @description What a ledger row records; also the webhook event names. `application.created`: A case was created (POST /applications or a workflow run). Target `application:<id>`; detail: `applicantName`, `expectedDocList` {id, version, name}. `file.received`: A source file was added to the case. Target `file:<fileId>`; detail: `name`, `size`, `sha256`, `pageCount`, `expectedDocId` (declared, may be null). `file.removed`: A person removed a source file no run had read, at the gate. Target `file:<fileId>`; detail: `name`, `decidedBy`. `gate.refused`: The gate held a run: red flags at pre-flight (detail `reason: "flags"`, `flags`), an instant account with no email (`reason: "emailRequired"`) or the analyzer did not answer (`reason: "analyzerUnreachable"`). Target `run:<n>`; the case waits at the gate. `gate.bypassed`: A person chose "Process anyway" for a run held by red flags. Target `run:<n>`; detail: `decidedBy`, `authenticatedAs`, `flags` (what was overridden). `run.started`: A run took the gate. Target `run:<n>`; detail: `workflow` {id, version}, `decidedBy`, `authenticatedAs`, `files` (ids the run covers), `state` (its first state). `run.stage`: A run in flight reached its next state (`inventory`, `running`). Target `run:<n>`; detail: `state`, `pagesTotal`. `run.reported`: A run landed in `report`: what the workflow could file is filed. Target `run:<n>`; detail: `documents` (how many it proposed), `filed` (how many matched a line); `analysis` [{file, ingestId}] when it read files with an integrator’s analysis ingest; `modelUsage` {extract: {model, promptTokens, completionTokens, documents, fallbacks}} when the extract stage ran on a language model (`fallbacks`: documents read by the built-in extractor because the model’s reply was not the JSON asked for). `run.failed`: A run stopped without landing: a stage failed, went past its time limit (the analyzer went silent), or the server stopped while it was in flight and could not resume it. Target `run:<n>`; detail: `error` (the `lastRunError`), `state` (where it stopped), `modelUsage` when a language model was spent on before it stopped. The case is back at the gate. `run.cancelled`: A person or program stopped a paid run in flight (POST /applications/{id}/run/cancel). Target `run:<n>`; detail: `decidedBy`, `state` (where it stopped). The case is back at the gate. `run.resumed`: A run in flight was picked up again after the server that ran it stopped. Target `run:<n>`; detail: `state`, `attempt`. `document.proposed`: A run proposed a document: a page range of a source file read as one document. Target `document:<address>`; detail: `docType`, `confidence`, `expectedDocId` (the line it was filed against, absent when unmatched), `pages`, `settled`; for a range read as several documents, `splitProposed` on the range listed whole, and on each of its pieces `splitOf` (the range’s address) with `splitConfirmed` (true when the workflow followed the split, `followSplits`; false while the piece waits beside the range for a person); `source` when its boundaries and type came from elsewhere than the built-in analyzer (`analysis:<ingestId>`, `model:<name>`), and `source: "parse"` for a whole file listed by a run that only parsed. `document.flagged`: A check of the workflow found something on a document for a person to look at (an expired or soon-expiring document, a missing expiry date, a document that does not name the applicant). Target `document:<address>`; detail: `check` (the tool id), `code`, `note`. `case.completeness`: The completeness report of a run, or of a decision that changed how many lines are satisfied (detail then has `decisionId`, and `extra` lists the unmatched documents), or of a change of what the case is checked against (detail `because`: `list.changed`, `line.waived`, `line.added` or `line.cleared`): which lines of the list are still missing or short, and the documents that matched no line. Target `application:<id>`; detail: `missing` [{expectedDocId, name, have, need}], `extra` (addresses), `satisfied`, `total`. `document.approved`: A person (or program) approved a document: filed it against a line, or kept it `unmatched`, with a PDF cut from the packet. Target `document:<address>` (the document filed); detail: `decisionId`, `decidedBy`, `authenticatedAs`, `approvedDocId`, `expectedDocId` (the line or `"unmatched"`), `spans`, `from` (the address decided on), `splitConfirmed` (the address of the range whose proposed split this approval confirmed, when it did), `replaced` (addresses no longer listed). `document.settled`: A person is done with a document without filing it. Target `document:<address>`; detail: `decisionId`, `decidedBy`, `authenticatedAs`, `expectedDocId` (as listed, absent when unmatched). `document.junked`: A person junked pages: they leave the document list. Target `document:<address>` (the document they were part of); detail: `decisionId`, `decidedBy`, `authenticatedAs`, `spans` (the pages junked), `replaced`. `document.corrected`: A person set or cleared one key value of a document (PUT /applications/{id}/documents/{address}/key-data/{field}, or a `correct` decision request). Target `document:<address>`; detail: `decisionId`, `decidedBy`, `authenticatedAs`, `field`, `docType` (whose extraction schema the field is of), `from` (the value listed before, null when none), `to` (the value set, null when cleared), `foundAt` {fileId, page, line} where the value is printed (null when the pages do not print it). The organization’s runs learn from it (nothing leaves the server). `decision.undone`: A person undid a decision nothing later depended on: the list is as if it had not been made, and an approval’s filed PDF is withdrawn. Target `decision:<id>`; detail: `kind`, `address`, `decidedBy`, `authenticatedAs`, `approvedDocId` (when an approval). `list.changed`: A person set another list, or another version, for the case to be checked against (PUT /applications/{id}/expected-doc-list). Target `application:<id>`; detail: `from` and `to` {id, version, name, source}, `reason` (when given), `decidedBy`, `authenticatedAs`, `unmatched` (addresses of documents filed against lines the case no longer has: they are listed unmatched, waiting to be filed again), `overridesDropped` (lines set by hand that no longer apply: a waiver of a line the new list lacks, an added line the new list has). `line.waived`: A person waived a line of the list for this case (PUT /applications/{id}/expected-docs/{expectedDocId}, `waived`): it no longer counts towards completeness. Target `line:<expectedDocId>`; detail: `name`, `reason`, `decidedBy`, `authenticatedAs`. `line.added`: A person added a line for this case alone (PUT /applications/{id}/expected-docs/{expectedDocId}, `added`). Target `line:<expectedDocId>`; detail: `docType`, `name`, `requirement`, `minCount`, `maxCount`, `reason`, `decidedBy`, `authenticatedAs`. `line.cleared`: A person cleared what was set by hand on a line (DELETE /applications/{id}/expected-docs/{expectedDocId}): a waived line counts again, an added line is gone (documents filed against it are listed unmatched). Target `line:<expectedDocId>`; detail: `kind` (what was cleared: `waived` or `added`), `decidedBy`, `authenticatedAs`, `unmatched` (addresses, for an added line). `analysis.ingested`: An integrator sent what its own engine read of a source file (POST /applications/{id}/files/{fileId}/analysis): the run that reads the file takes it instead of reading those pages. Target `file:<fileId>`; detail: `ingestId`, `format`, `engine`, `pages` (pages whose lines it gives), `documents` (how many it gives), `replaces` (the ingest of the file it supersedes, when one), `dropped` (ingests of the file deleted because only the latest few are kept, when any). `brief.started`: An intel brief was started over the case. Target `brief:<id>`; detail: `template` {id, version, name}, `model` (the engine of the `intel` stage), `sections` (how many questions), `decidedBy`, `authenticatedAs`. `brief.ready`: Every section of an intel brief is answered or failed. Target `brief:<id>`; detail: `template` {id, version, name}, `sectionsDone`, `sectionsFailed`, `citations` (kept), `droppedCitations`, `usage` {promptTokens, completionTokens}.
         * @enum {string}
         */
        LedgerAction: "application.created" | "file.received" | "file.removed" | "gate.refused" | "gate.bypassed" | "run.started" | "run.stage" | "run.reported" | "run.failed" | "run.cancelled" | "run.resumed" | "document.proposed" | "document.flagged" | "case.completeness" | "document.approved" | "document.settled" | "document.junked" | "document.corrected" | "decision.undone" | "list.changed" | "line.waived" | "line.added" | "line.cleared" | "analysis.ingested" | "brief.started" | "brief.ready";
        /** @description One row of a case’s ledger (spec Part 2). Rows are never changed nor deleted. */
        LedgerEvent: {
            /** @description Position in the case’s ledger: 1, 2, 3… without gaps. */
            seq: number;
            /** @description ISO 8601, when the change was made. */
            at: string;
            /** @description Who made the change, as they proved it: `user:<email or id>`, `apiKey:<id>`, `guest:<id>`, or `system` for the run engine. */
            actor: string;
            action: components["schemas"]["LedgerAction"];
            /** @description What changed: `application:<id>`, `file:<id>`, `run:<n>`, `document:<address>`, `decision:<id>`, `line:<expectedDocId>` or `brief:<id>`. */
            target: string;
            /** @description What the action says about the change (see `LedgerAction`). */
            detail: {
                [key: string]: unknown;
            };
        };
        /** @description The result of checking a case’s hash chain from its first row. */
        LedgerVerification: {
            /** @description True when every row hashes to its `hash` and names the one before as `prevHash`, from seq 1 without gaps. */
            ok: boolean;
            /** @description Rows checked. */
            rows: number;
            /** @description The last row’s hash: keep it to prove later that nothing before it changed. */
            headHash: string | null;
            /** @description The first row where the chain breaks; null when `ok`. */
            firstBroken: {
                seq: number;
                /** @description What does not hold at that row: its content does not match its hash, it does not chain to the row before, or a row is missing. */
                reason: string;
            } | null;
        };
        /**
         * @description `own`: your organization’s item. `official`: published by the official organization, read-only to you; its drafts are never shown. Where you have your own item with the id of an official one, yours is the one an id names, and `?source=official` still reaches the official one.
         * @enum {string}
         */
        LibrarySource: "own" | "official";
        /**
         * @description `draft` is the only writable status; `active` is what callers get; `superseded` was active until a newer version was activated. Active and superseded versions never change.
         * @enum {string}
         */
        LibraryStatus: "draft" | "active" | "superseded";
        /** @description The account’s email, as `email` or as `username`, and its password. When both are sent, `email` is the one read. */
        LoginInput: {
            /**
             * Format: email
             * @description The email address the account signed up with. Send this or `username`.
             */
            email?: string;
            /**
             * Format: email
             * @description The same email address, under its older name; accepted as an alias of `email`, and not read when `email` is sent.
             */
            username?: string;
            password: string;
        } | unknown | unknown;
        MarkedCatalogEntry: {
            /** @description Unique within its list; documents of a case name the line they were filed against by it (`expectedDocId`). In a catalogue it equals `docType`. */
            id: string;
            /** @description Document type id. */
            docType: string;
            /** @description What people call it, for example "Payslip". */
            name: string;
            /** @description What the entry is. In a catalogue: `docKind` for the root catalogue’s document kinds, `pageKind` for page kinds (a blank page, a cover page), `default` for the entry holding the requirement defaults, and for a document type the id of the docKind it belongs to (for example `identity`). On a list line it is the kind of the line’s document type, taken from the catalogue. */
            kind: string;
            /** @description What the document is; the classifier reads it. */
            description: string;
            /**
             * @description `required`: the case is incomplete without it; `optional`: asked for, but the case can do without.
             * @enum {string}
             */
            requirement: "required" | "optional";
            /** @description How many documents of this line are expected at least, for example 3 payslips. */
            minCount: number;
            /** @description How many at most; null for no limit. */
            maxCount: number | null;
            /** @description Guidance for the applicant and reviewer, for example "the three most recent months". */
            note: string;
            /** @description The catalogue version whose entry won: the most specific of the chain that has this `docType`. */
            definedIn: {
                listId: string;
                version: number;
                source: components["schemas"]["LibrarySource"];
            };
        };
        /** @description The chain from the marked catalogue down to `generic`, each at the official organization’s latest active version, merged root-first so the more specific entry wins by `docType`. Your `custom-documents` catalogue is the most specific layer: it coins new types and overrides official entries. */
        MarkedDocTypeCatalog: {
            /** @description The organization’s marked catalogue. */
            marked: string;
            /** @description Root first: `generic`, …, the marked catalogue, then your `custom-documents` when it has an active version. */
            chain: components["schemas"]["CatalogLayer"][];
            /** @description The merged entries, in root-first order; for a `docType` the more specific catalogue’s entry wins. */
            entries: components["schemas"]["MarkedCatalogEntry"][];
        };
        /** @description The official document catalogue your organization works from. */
        MarkedDocTypeCatalogInput: {
            /** @description The id of an official document catalogue with an active version, for example `finance`. */
            catalogId: string;
        };
        /** @description One engine a stage can run on. */
        ModelOption: {
            /** @description What PUT /models/{stage} takes: `local`, or `openai:<model>`. */
            id: string;
            name: string;
            /**
             * @description `local`: the built-in engine, on this server; nothing leaves it. `openai`: an OpenAI-compatible API configured on the server; page text (and, for parse, page images) is sent to it.
             * @enum {string}
             */
            provider: "local" | "openai";
            description: string;
        };
        /**
         * @description `preview`: page images and pre-flight; `parse`: text lines of every page; `classify`: splitting into documents and filing them; `extract`: key data of each document; `intel`: answering intel brief questions; `assistant`: the case assistant.
         * @enum {string}
         */
        ModelStage: "preview" | "parse" | "classify" | "extract" | "intel" | "assistant";
        Organization: {
            /** @description Never changes, also when the organization is renamed. */
            id: string;
            name: string;
            /** @description The official document catalogue this organization works from; `generic` unless set. */
            markedDocTypeCatalog: string;
            /** @description True only for the organization that publishes the official content. */
            isOfficial: boolean;
            /** @description An instant account: created without an email; purged at `expiresAt` unless an email is added. */
            instant: boolean;
            /** @description A guest sandbox opened by POST /guest. */
            sandbox: boolean;
            /** @description When an instant account or a sandbox is deleted with everything it owns; null when kept. */
            expiresAt: string | null;
            createdAt: string;
        };
        /** @description Our addition: one text line of a page, and where it sits. */
        PageLine: {
            /** @description 0-based index in the page’s reading order: what `KeyFieldProvenance.line` names. */
            line: number;
            /** @description The line as read (text layer or OCR). */
            text: string;
            box: components["schemas"]["PageLineBox"];
        };
        /** @description Our addition: where a line sits on its page, in PDF points with the origin at the page’s top-left corner. */
        PageLineBox: {
            /** @description Left edge, from the page’s left edge. */
            x: number;
            /** @description Top edge, from the page’s top edge (y grows downwards). */
            y: number;
            width: number;
            height: number;
        };
        /** @description Our addition (not in the spec): the text lines a run read on one page of a source file, with their boxes, so a viewer can highlight where a key value was read (`KeyFieldProvenance`). */
        PageLines: {
            fileId: string;
            page: number;
            /** @description Page width in PDF points (1/72 inch). */
            width: number;
            /** @description Page height in PDF points. */
            height: number;
            /** @description The page is painted as an image with no text layer: its lines were read by OCR (boxes are as close as OCR got). */
            scan: boolean;
            /** @description Where its lines came from: `text` (the PDF’s text layer), `ocr`, `none` (nothing readable), or `analysis:<ingestId>` (an integrator’s own engine, whose lines the run took instead of reading the page). */
            source: string;
            /** @description In reading order. Boxes in the page’s own units (points), origin at the top-left corner, y downwards: scale by the rendered width ÷ `width` to draw them over a page image. */
            lines: components["schemas"]["PageLine"][];
        };
        /** @description What a reset or invitation link is, before a password is typed: the page that opens it says at once whom it is for, or that it is spent. Whose link it is is told only while it is usable: a spent link names nobody. */
        PasswordLink: {
            /**
             * @description `usable`: a password can be set with it now. `used`: it was used, or cancelled by a newer link or a password or address change. `expired`: it was not used in time. `invalid`: no such link (mistyped, cut when copied), or its account was deactivated.
             * @enum {string}
             */
            state: "usable" | "used" | "expired" | "invalid";
            /**
             * @description What the link was mailed for; present unless `invalid`.
             * @enum {string}
             */
            purpose?: "invitation" | "reset";
            /** @description usable only: the address of the account the password is for, which signs in with it. */
            email?: string;
            /** @description usable only: that person’s name. */
            name?: string;
            /** @description usable only: the organization the account is in (the one an invitation is to). */
            organizationName?: string;
            /** @description usable only: when it stops working, ISO 8601. */
            expiresAt?: string;
        };
        PasswordLinkInput: {
            /** @description The token of the mailed link `/reset-password#token=…`. */
            token: string;
        };
        /** @description The expected document list version a case is pinned to (spec Part 9.4): the one it was created on, until a person sets another for it (PUT /applications/{id}/expected-doc-list, ledger `list.changed`). */
        PinnedList: {
            id: string;
            version: number;
            /** @description The name the version was activated with (spec Part 9.4). */
            name: string;
            source: components["schemas"]["LibrarySource"];
            /** @description Lines of the version (`docsTotal` counts the case’s own set: these, less the waived ones, plus the ones added for it). */
            lineCount: number;
        };
        /** @description A document of the scorer’s format: pages, type, key data; confidences are our addition. */
        PredictionDocument: {
            /** @description 1-based pages of the file, in document order; no page in two documents. */
            pages: number[];
            /** @description A document type of your marked catalogue chain (`fallback` for one the engine could not type). */
            docType: string;
            /** @description Field → value as the scorer reads them (DOC-TYPES.md: dates ISO, money {amount, currency}). Fields not of the type’s extraction schema, and values not of their field’s type, are left out and listed in `ignored`. */
            keyData?: {
                [key: string]: unknown;
            };
            /** @description Of `docType`; default 1. */
            confidence?: number;
            /** @description That a document starts at its first page; default 1. */
            boundaryConfidence?: number;
            /** @description The next most likely types. */
            runnersUp?: {
                docType: string;
                confidence: number;
            }[];
            /** @description Per key: its confidence (default the document’s) and where it is printed (as `npm run analyze --details` prints). Without a page and line, the value is looked for on the document’s pages. */
            fields?: {
                [key: string]: {
                    confidence?: number;
                    page?: number;
                    /** @description Index into that page’s `lines` of this ingest. */
                    line?: number;
                };
            };
        };
        /** @description One text line of a page, in reading order. */
        PredictionLine: {
            text: string;
            /** @description Where the line sits, in the units of its page’s `width` and `height`, origin at the page’s top-left corner, y downwards. */
            box: {
                x: number;
                y: number;
                width: number;
                height: number;
            };
            /** @description How sure the engine is of the text; default 1. */
            confidence?: number;
        };
        /** @description One entry of the corpus scorer’s predictions (`score.mjs`): `{ packet, flags, documents }`, plus `pages` with their text. */
        PredictionPacket: {
            /** @description The file name the prediction was made for; informative. */
            packet?: string;
            /** @description Pages the engine saw; when given, must be the file’s. */
            pageCount?: number;
            /** @description Ignored: red flags are our pre-flight’s and are never taken from elsewhere. */
            flags?: unknown[];
            /** @description May be empty: the engine then says nothing of documents, and the run splits and types those pages itself. */
            documents: components["schemas"]["PredictionDocument"][];
            /** @description Page text with line boxes; pages left out are read by the run as usual. */
            pages?: components["schemas"]["PredictionPage"][];
        };
        /** @description Our addition to the scorer’s format: the text lines the engine read on one page. */
        PredictionPage: {
            page: number;
            /** @description The page’s width in any unit (points, pixels, inches): boxes are read in proportion to it. */
            width: number;
            height: number;
            /** @description In reading order: `fields[].line` and citations count them from 0. */
            lines: components["schemas"]["PredictionLine"][];
        };
        /**
         * @description Why pre-flight raised a flag. `low_dpi`: A scan painted below 150 DPI: too coarse to read reliably; ask for a better scan. `duplicate_page`: The page repeats an earlier page of the same file (`note` names it). `duplicate_file`: The file has the same content as another file of the case (`note` names it). `blank_page`: The page is blank: nothing printed or written on it. `oversized_page`: The page holds an image too large to read safely. `unreadable`: The page (or, on page 1, the whole file) could not be read. `encrypted`: The file needs a password to open. `active_content`: Informative, never holds the case: the file carries JavaScript, actions that launch programs, submit forms or reach other files, embedded files, an XFA form or rich media (`note` names which). None of it is ever run here, and every PDF served from the case (filed documents, `pages-pdf`) is stripped of it. Raised when the file is received, on page 1, and listed on the file (`SourceFile.flags`).
         * @enum {string}
         */
        PreflightFlagCode: "low_dpi" | "duplicate_page" | "duplicate_file" | "blank_page" | "oversized_page" | "unreadable" | "encrypted" | "active_content";
        /** @description Our addition: one piece of a proposed split of a range listed whole (rule 1 of spec Part 2). */
        ProposedSplit: {
            /** @description The piece’s address once the split is confirmed; approve it to confirm the split and file that piece. */
            address: string;
            spans: components["schemas"]["DocumentSpan"][];
            docType: string;
            /** @description Classification confidence of the piece’s type. */
            confidence: number;
            /** @description How sure the splitter is that a new document starts at the piece’s first page. */
            boundaryConfidence: number;
        };
        /** @description A file of an upload that cannot be accepted, and why. */
        RefusedFile: {
            /** @description The file’s name as sent (cleaned). */
            name: string;
            /** @description Why it cannot be accepted, in words. */
            reason: string;
        };
        /** @description One of ten confidence bins (0–0.1, …, 0.9–1): a reliable analyzer is right in about `meanConfidence` of the readings of each. */
        ReliabilityBin: {
            /** @description The bin’s lowest confidence (inclusive). */
            from: number;
            /** @description The bin’s highest confidence (exclusive, but 1 for the last bin, which holds 1 too). */
            to: number;
            /** @description Readings with a confidence in the bin that people judged. */
            judged: number;
            /** @description Of those, the ones people kept. */
            right: number;
            /** @description The mean confidence of those readings; null when none. */
            meanConfidence: number | null;
        };
        /** @description The name of the new version. The id stays what it is; the renamed version keeps its old name. */
        RenameInput: {
            /** @description Surrounding whitespace is trimmed first: at least 1 character besides it. */
            name: string;
        };
        RenameOrganizationInput: {
            /** @description Surrounding whitespace is trimmed first: at least 2 characters besides it. */
            name: string;
        };
        /** @description The engine that answered. */
        ResearchModel: {
            /** @description The model option (`GET /models`): `local` or `openai:<model>`. */
            id: string;
            name: string;
            /** @enum {string} */
            provider: "local" | "openai";
        };
        ResetPasswordInput: {
            token: string;
            /** @description At least 10 characters. */
            newPassword: string;
        };
        /** @description The schema extraction uses for a document type right now. */
        ResolvedExtractionSchema: {
            /** @description The document type asked for. */
            docType: string;
            /**
             * @description Which rung of the ladder answered: the type’s own schema, its docKind’s schema, or `fallback`.
             * @enum {string}
             */
            step: "docType" | "docKind" | "fallback";
            schema: components["schemas"]["DocTypeExtractionSchema"];
        };
        /** @description The gate checking the files of a run call before it answers (pre-flight): present on `run.preflight` while it does, whatever state the case’s last run is in. Once the call answers, the run starts (`run.started`) or is held (`gate.refused`) and this is gone. */
        RunPreflight: {
            /**
             * @description `preflight`: the file’s pages are measured and their text layer read, no OCR. `confirm-duplicates`: pages of scans that look alike are read by OCR to tell a duplicated page from another page of one template (this is the slow part).
             * @enum {string}
             */
            step: "preflight" | "confirm-duplicates";
            /** @description The file being checked now; null between files. */
            fileName: string | null;
            /** @description Files checked so far. */
            filesDone: number;
            /** @description Files the gate checks for this run: those no run has read. */
            filesTotal: number;
            /** @description Pages checked so far: those of the files checked, and those of the file at work read so far. */
            pagesDone: number;
            /** @description Pages of those files. */
            pagesTotal: number;
            /** @description When the gate started on the files. */
            startedAt: string;
            /** @description When this was last written. A check silent for ten minutes was stopped (a server restart) and is cleared soon after. */
            updatedAt: string;
        };
        /** @description How far a run in flight is. */
        RunProgress: {
            /** @description The state the run is in. */
            stage: components["schemas"]["RunState"];
            /** @description The workflow step (tool id) at work, when one is. */
            step: string | null;
            /** @description Pages this stage has finished. */
            pagesDone: number;
            /** @description Pages the run covers. */
            pagesTotal: number;
        };
        /**
         * @description `gated`: the case waits at the pre-flight gate — a case no run has started on, a run held by red flags, by an instant account with no email or by an unreachable analyzer, or one that failed or was cancelled (then `lastRunError` says why). `previewing`: the run pre-flights and measures every page (spends nothing; cannot be cancelled). `inventory`: it reads the text of every page and splits the packet into documents. `running`: the workflow’s tools classify, file, extract and check. `report`: the run has landed and the workflow has filed what it could.
         * @enum {string}
         */
        RunState: "gated" | "previewing" | "inventory" | "running" | "report";
        /** @description A section kept for reuse: a copy, never a link to the list it came from. */
        SavedSection: {
            id: string;
            name: string;
            note: string;
            lines: components["schemas"]["ExpectedDoc"][];
            subsections: components["schemas"]["ExpectedDocListSubsection"][];
            /** @description The list section it was copied from, if it was. */
            derivedFrom: {
                expectedDocListId: string;
                version: number;
                sectionId: string;
                source: components["schemas"]["LibrarySource"];
            } | null;
            createdAt: string;
        };
        /** @description Either `from` (a section of a stored list) or the content itself (`lines` and/or `subsections`, with `name`), not both. The section is copied: later edits of the list do not reach it. */
        SavedSectionInput: {
            /** @description Defaults to the copied section’s name; required with `lines`. */
            name?: string;
            note?: string;
            /** @description Copy this section of a stored list version. */
            from?: {
                expectedDocListId: string;
                version: number;
                sectionId: string;
                source?: components["schemas"]["LibrarySource"];
            };
            /** @description Or give the section’s content directly (validated like a list save). */
            lines?: components["schemas"]["ExpectedDocEdit"][];
            subsections?: components["schemas"]["ExpectedDocListSubsectionEdit"][];
        } & (unknown | (unknown | unknown));
        /** @description Our addition: set one line of a case by hand (waive a list line, or add a line), with why. */
        SetExpectedDocInput: {
            /** @constant */
            kind: "waived";
            /** @description Why, in words: kept on the line and in the ledger row. Surrounding whitespace is trimmed first: at least 1 character besides it. */
            reason: string;
            /** @description Who decides; defaults to the caller’s name. */
            decidedBy?: string;
        } | {
            /** @constant */
            kind: "added";
            /** @description A document type of your marked catalogue chain (or a kind, as a list line may ask for “any identity document”). */
            docType: string;
            /** @description What people call it; defaults to the document type’s name. */
            name?: string;
            /**
             * @description Default `required`.
             * @enum {string}
             */
            requirement?: "required" | "optional";
            /** @description Default 1. */
            minCount?: number;
            /** @description Default null: no limit. Must not be below `minCount`. */
            maxCount?: number | null;
            /** @description Why, in words: kept on the line and in the ledger row. Surrounding whitespace is trimmed first: at least 1 character besides it. */
            reason: string;
            /** @description Who decides; defaults to the caller’s name. */
            decidedBy?: string;
        };
        /** @description Our addition: the list version a case is checked against from now on. It must be a list (not a document catalogue) your organization reads, in an active or superseded version (a draft still changes). */
        SetExpectedDocListInput: {
            /** @description The list: its id for its active version, or `<id>/<N>` for version N (spec Part 9.6). Surrounding whitespace is trimmed first: at least 1 character besides it. */
            expectedDocListId: string & (unknown & unknown);
            /** @description Pins version N; the same as `<id>/<N>`. Both given must agree. */
            version?: number;
            /** @description Why, in words: kept on the line and in the ledger row. Surrounding whitespace is trimmed first: at least 1 character besides it. */
            reason?: string;
            /** @description Who decides; defaults to the caller’s name. */
            decidedBy?: string;
        };
        /** @description Optional as a whole. With no body (or without email and password) an instant account is created: generated names, no password, kept 30 days unless an email is added. */
        SignupInput: {
            /** @description Surrounding whitespace is trimmed first: at least 2 characters besides it. */
            orgName?: string;
            /** @description The first Manager’s name; generated when absent. */
            name?: string;
            /** Format: email */
            email?: string;
            /** @description At least 10 characters. */
            password?: string;
        };
        /** @description A PDF of the case as received. Never changed: a new upload is a new file. */
        SourceFile: {
            id: string;
            /** @description The file name it was sent with, cleaned: control characters (C0, DEL, C1) and bidirectional formatting characters (U+061C, U+200E/F, U+202A–E, U+2066–9) removed, NFC. A name over 255 UTF-8 bytes is truncated, keeping its extension (cut between characters), never refused: the sender chose the file, not its name. `document.pdf` when nothing is left. */
            name: string;
            /** @description Bytes. */
            size: number;
            /** @description Lower-case hex SHA-256 of the content. */
            sha256: string;
            pageCount: number;
            /** @description What the sender declared the file is for: a line of the pinned list; null when sent unsolicited. */
            expectedDocId: string | null;
            /** @description Who sent it, as they proved it (`user:<email>`, `apiKey:<id>`, `guest:<id>`). */
            receivedBy: string;
            receivedAt: string;
            /** @description The run that read it and landed in `report`; null while no run has: the next run covers it, and a person may still remove it at the gate. */
            readByRun: number | null;
            /** @description Informative flags raised when the file was received (`active_content`); they never hold the case at the gate. Empty for most files. */
            flags: components["schemas"]["FileFlag"][];
        };
        /** @description multipart/form-data: the PDFs to add to a case; another field is a 400 naming it. */
        SourceFilesInput: {
            /** @description One or more PDFs; repeat the field. At most 25 per call, each at most 100 MB. Each part’s `filename` is stored cleaned and, past 255 bytes, truncated (`SourceFile.name`). */
            files: string[];
        };
        /** @description The options of one stage and your organization’s choice. */
        StageModels: {
            stage: components["schemas"]["ModelStage"];
            /** @description What the stage does. */
            description: string;
            /** @description The built-in local engine first, always; then the OpenAI-compatible models the server is configured with (OPENAI_MODELS). Only the stages that call a model offer one: classify (each file’s pages, as text and, when the workflow’s classify-and-file step sets `pageImages`, scanned pages as images, split into documents and typed against the catalogue; filing against the list stays built-in), extract (each document’s key data, from its numbered lines and its extraction schema), intel and assistant. Preview and parse (text layer and OCR) run on the built-in engines and offer only `local`. A model’s reply that is not usable (malformed after one retry, a split that leaves a page out, a type not in the catalogue) has the built-in engine read that file (classify) or document (extract) instead, with a warning and its address in `run.reported`’s `modelUsage.<stage>.fallbacks`; a model that does not answer fails the stage (the case goes back to the gate with `lastRunError`), and one that cannot be reached when the run is started is the run call’s 502. */
            options: components["schemas"]["ModelOption"][];
            /** @description The option the stage runs on now: your organization’s choice while the server still offers it, else `local`. */
            selected: string;
            /** @description The option a Manager chose; null when none was. Differs from `selected` when the chosen model is no longer configured on the server. */
            chosen: string | null;
            /** @description Who made the choice (a user’s name). */
            chosenBy: string | null;
            chosenAt: string | null;
        };
        /** @description Selects a template: its active version, or a pinned one. */
        StartIntelBriefInput: {
            /** @description The intel template to answer: yours, or an official one (e.g. `affordability`). Surrounding whitespace is trimmed first: at least 1 character besides it. */
            templateId: string;
            /** @description Pin a version of the template (active or superseded); absent: its active version. A draft cannot be answered (409). */
            version?: number;
        };
        /** @description Where a client is in a collection’s change history. */
        SyncCheckpoint: {
            /** @description The server rev of the last document received. */
            rev: number;
            /** @description Its id; with rev, an RxDB checkpoint. */
            id: string;
        };
        /** @description A pushed document the server does not know: as pushed, with `_deleted: true`, so the client drops it. */
        SyncGoneDocument: {
            id: string;
            /** @constant */
            _deleted: true;
        } & {
            [key: string]: unknown;
        };
        /** @description What answering spent. */
        TokenUsage: {
            /** @description A model: what it read, as its `usage` reports (every call, retries included). The built-in engine: the words of the lines it scored. */
            promptTokens: number;
            /** @description A model: what it wrote, as its `usage` reports. The built-in engine: the words of its answer. */
            completionTokens: number;
        };
        /** @description At least one of the fields (400 `nothing to change` otherwise); fields left out stay as they are. */
        UpdateUserInput: {
            /** @description Surrounding whitespace is trimmed first: at least 2 characters besides it. */
            name?: string;
            /**
             * Format: email
             * @description Adding an email to an instant account keeps the organization beyond 30 days.
             */
            email?: string;
            /**
             * @description `Manager` has every right; `Originator` works cases and the library.
             * @enum {string}
             */
            role?: "Manager" | "Originator";
            /** @description false ends every session of the user. */
            active?: boolean;
            /** @description Sets a password the user must change at next sign-in; ends their sessions. */
            temporaryPassword?: string;
        } | unknown | unknown | unknown | unknown | unknown;
        /** @description A person of an organization. `email` is unique in the organization, and one account across the service has it: a colleague added with an address that has an account elsewhere is listed like any invited colleague but stays invited (see CreateUserInput); sign-in and password resets reach the account of the address. */
        User: {
            id: string;
            organizationId: string;
            name: string;
            /** @description Null for the Manager of an instant account until an email is added. */
            email: string | null;
            /**
             * @description `Manager` has every right; `Originator` works cases and the library.
             * @enum {string}
             */
            role: "Manager" | "Originator";
            /** @description An inactive user cannot sign in and has no sessions. */
            active: boolean;
            /** @description True after a Manager set a temporary password, until the user changes it. */
            mustChangePassword: boolean;
            /** @description ISO 8601. */
            createdAt: string;
            /** @description When a Manager added this person (ISO 8601), while they have not joined yet: not signed in once, nor chosen a password with the invitation link. Null once they have (and for everyone who signed up or signed in). Show such a person as invited, not active. */
            invitedAt: string | null;
        };
        /** @description One delivery of a message to an endpoint and where it stands. Deliveries of one case to one endpoint go out in ledger order: a later one waits while an earlier one is retried. */
        WebhookDelivery: {
            /** @description This delivery (one message to one endpoint; a resend or replay is a delivery of its own). */
            id: string;
            /** @description The `webhook-id` header and the body’s `id`: the same on every attempt, and on every resend or replay of the same ledger row, so a receiver can deduplicate. Derived from the case and the row’s seq. */
            webhookId: string;
            /** @description The ledger action carried (`LedgerAction`), or `webhook.test`. */
            type: string;
            /** @description The case of the ledger row; null for a test delivery. */
            applicationId: string | null;
            /** @description The ledger row’s `seq` in its case; null for a test delivery. */
            seq: number | null;
            /**
             * @description `event`: enqueued with its ledger row. `test`: POST /webhooks/{id}/test. `resend`: POST …/deliveries/{deliveryId}/resend. `replay`: POST /webhooks/{id}/replay.
             * @enum {string}
             */
            origin: "event" | "test" | "resend" | "replay";
            /**
             * @description `pending`: waiting for its first or next attempt (or in flight). `succeeded`: the receiver answered 2xx within 15 s. `failed`: the receiver answered 410 (the endpoint was deactivated), every retry was used (14 over about 13 hours), or it was a test delivery the receiver did not accept (tests are not retried). `cancelled`: still pending when the endpoint was deactivated; replay or resend it after reactivating.
             * @enum {string}
             */
            status: "pending" | "succeeded" | "failed" | "cancelled";
            /** @description Attempts made so far: the first and up to 14 retries. */
            attempts: number;
            /** @description ISO 8601; when the next attempt is due while `pending`, else null. */
            nextAttemptAt: string | null;
            /** @description ISO 8601; when the last attempt was made, null before the first. */
            lastAttemptAt: string | null;
            /** @description The receiver’s HTTP status at the last attempt; null when it gave none (refused, timed out, unreachable). */
            lastStatusCode: number | null;
            /** @description Why the last attempt did not succeed, in words; null after a success. */
            lastError: string | null;
            /** @description How long the last attempt took, from connecting to the end of the answer. */
            lastDurationMs: number | null;
            /** @description ISO 8601; when the delivery was enqueued. */
            createdAt: string;
        };
        /** @description A receiver of the organization’s ledger events. The secret is never listed; it is shown once, at creation or rotation. */
        WebhookEndpoint: {
            id: string;
            /** @description Where deliveries are POSTed. */
            url: string;
            /** @description The ledger actions sent; empty means every action (spec Part 6.6). */
            events: components["schemas"]["LedgerAction"][];
            /** @description false after the receiver answered 410 (to a test or a real delivery): nothing is enqueued for it until it is reactivated. */
            active: boolean;
            deactivatedAt: string | null;
            deactivatedReason: string | null;
            /** @description ISO 8601. Nothing from the ledger before this moment is ever sent to the endpoint (spec Part 6.7). */
            createdAt: string;
            /** @description The Manager who added it. */
            createdBy: string | null;
            /** @description After a rotation: until when deliveries also carry a signature made with the previous secret (24 hours); null otherwise. */
            previousSecretExpiresAt: string | null;
            /** @description The delivery attempted last (or, before any attempt, enqueued last); null when none. */
            latestDelivery: components["schemas"]["WebhookDelivery"] | null;
        };
        /** @description Which ledger rows to send again. Only rows written after the endpoint was created and matching its `events` are replayed; each keeps the `webhook-id` it had, so a receiver that did get it can drop it. Replayed deliveries queue behind what is already pending for each case. */
        WebhookReplayInput: {
            /**
             * Format: date-time
             * @description Replay ledger rows written at or after this time (ISO 8601).
             */
            since?: string;
            /** @description Only this case (needed with `fromSeq`). */
            applicationId?: string;
            /** @description Replay the case’s rows from this seq on. */
            fromSeq?: number;
        } | unknown | unknown;
        WebhookReplayResult: {
            /** @description Deliveries enqueued, one per ledger row replayed. */
            enqueued: number;
        };
        /** @description The endpoint’s new signing secret. The previous one keeps signing alongside it for the overlap, then stops. */
        WebhookSecretRotation: {
            id: string;
            /** @description `whsec_` followed by the base64 of 32 random bytes: the HMAC-SHA256 key (base64-decoded) of `webhook-signature`. Shown only in this answer; store it now. */
            secret: string;
            /** @description Until then every delivery carries two signatures, one per secret (24 hours). */
            previousSecretExpiresAt: string;
        };
        /** @description The receiver’s answer to one signed `webhook.test` delivery sent just now (not retried). */
        WebhookTestResult: {
            /** @description The `webhook-id` of the test delivery. */
            webhookId: string;
            /** @description True when the receiver answered 2xx within 15 seconds. */
            delivered: boolean;
            /** @description The receiver’s HTTP status; null when it gave none. */
            statusCode: number | null;
            /** @description Time from sending to the end of the answer (or the failure). */
            durationMs: number;
            /** @description The first 1,024 characters of the receiver’s answer body (at most 64 KiB are read). */
            bodyExcerpt: string | null;
            /** @description Why it did not succeed, in words; null when delivered. */
            error: string | null;
            /** @description True when the answer was 410 and the endpoint is now deactivated. */
            deactivated: boolean;
        };
        /** @description One version of a workflow: a named, ordered list of steps a run follows. */
        Workflow: {
            /** @description The workflow’s id: the slug of the name it was created with; it never changes. */
            id: string;
            version: number;
            /** @description The name of this version. */
            name: string;
            description: string;
            status: components["schemas"]["WorkflowStatus"];
            source: components["schemas"]["LibrarySource"];
            /** @description Whether the workflow (all its versions) is your organization’s default. */
            isDefault: boolean;
            /** @description In order: preview, parse, then registered tools. */
            steps: components["schemas"]["WorkflowStep"][];
            /** @description Why this version is not complete enough to activate, each naming its step; empty when it is. Complete enough: the spine first, only known tools, each once, each after the tools it requires, with valid settings. */
            problems: string[];
            derivedFrom: components["schemas"]["DerivedFrom"] | null;
            createdAt: string;
            updatedAt: string;
            activatedAt: string | null;
        };
        /** @description The body of a save: a `Workflow` as read, edited. The fields the server owns (`status`, `source`, `isDefault`, `problems`, `derivedFrom`, timestamps) may be sent back and are ignored. A draft may be saved incomplete (unknown tools, invalid settings, steps out of order): `problems` in the answer says what still blocks activation. */
        WorkflowEdit: {
            /** @description When sent, must be the id of the path. */
            id?: string;
            /** @description When sent, must be the version of the path. */
            version?: number;
            /** @description When sent, must be the version’s name: a version never changes its name. */
            name?: string;
            /** @description Unchanged when absent. */
            description?: string;
            steps: components["schemas"]["WorkflowStepInput"][];
        };
        /** @description Creates v1, a draft holding the spine (Preview, Parse) and nothing else. */
        WorkflowInput: {
            /** @description The id is the slug of this name. Surrounding whitespace is trimmed first: at least 1 character besides it. */
            name: string;
            description?: string;
        };
        /** @description One row per workflow: your own workflows (every version), then the official workflows you have no workflow of that id for (active versions only), each group ordered by name. */
        WorkflowListing: {
            /** @description The workflow’s id: the slug of the name it was created with; it never changes. */
            id: string;
            /** @description The name of the newest version. */
            name: string;
            source: components["schemas"]["LibrarySource"];
            /** @description Exactly one workflow is your organization’s default: a new organization starts with its own copy of the official `standard-intake`. It may be an official workflow. */
            isDefault: boolean;
            /** @description The version a run takes when it pins none: the highest active version; null when none is active. */
            runsVersion: number | null;
            /** @description Newest version first. */
            versions: components["schemas"]["WorkflowVersionSummary"][];
        };
        /** @description Names one version of a workflow. */
        WorkflowRef: {
            /** @description The workflow’s id: the slug of the name it was created with; it never changes. */
            id: string;
            version: number;
            name: string;
            status: components["schemas"]["WorkflowStatus"];
            source: components["schemas"]["LibrarySource"];
        };
        /** @description multipart/form-data (spec Part 4). Either a new case (`applicant` and `expectedDocList`) or an existing one (`applicationId`), never both: `applicationId` beside `applicant` or `expectedDocList` is a 400, even empty. Send the text fields before the files so the call is refused before the files are uploaded when a field is wrong; fields after the files are read too. Another field is a 400 naming it; a text field is at most 16 KiB. */
        WorkflowRunInput: {
            /** @description One or more PDFs; repeat the field. Required for a new case, optional with `applicationId`. At most 25 per call, each at most 100 MB. Each part’s `filename` is stored cleaned and, past 255 bytes, truncated (`SourceFile.name`). */
            files?: string[];
            /** @description The applicant’s name, trimmed; at least one character besides white space. Required for a new case. */
            applicant?: string;
            /** @description Required for a new case: `expectedDocListId` for its active version, or `expectedDocListId/<N>` for version N. */
            expectedDocList?: string;
            /** @description Run on an existing case instead: the run covers whatever the case holds that no run has read. */
            applicationId?: string;
            /** @description Who consents to spend on the run; defaults to the API key’s name or the user’s name. */
            decidedBy?: string;
        } | unknown | {
            files: unknown;
        };
        /**
         * @description `draft` is the only writable status. Activation is one-way and replaces nothing: every activated version stays `active`, and a run takes the highest active version unless it pins one (spec Part 3, workflow rules).
         * @enum {string}
         */
        WorkflowStatus: "draft" | "active";
        /** @description One step of a workflow: a tool and its settings. */
        WorkflowStep: {
            /** @description A tool id of GET /workflow-tools. */
            tool: string;
            /**
             * @description Validated against the tool’s `settingsSchema`; defaults are filled in when the settings are valid.
             * @default {}
             */
            settings: {
                [key: string]: unknown;
            };
        };
        /** @description One step of a workflow: a tool and its settings. */
        WorkflowStepInput: {
            /** @description A tool id of GET /workflow-tools. */
            tool: string;
            /**
             * @description Validated against the tool’s `settingsSchema`; defaults are filled in when the settings are valid.
             * @default {}
             */
            settings?: {
                [key: string]: unknown;
            };
        };
        /** @description A step a workflow can have: the spine (Preview, Parse) or a registered tool. */
        WorkflowToolOption: {
            /** @description What a step names in `tool`. */
            id: string;
            name: string;
            /** @description What the tool does to a case and what it reads. */
            description: string;
            /** @description True for preview and parse, the steps every workflow begins with, in this order. */
            spine: boolean;
            /** @description Tools that must come earlier in the same workflow because this one reads their results. */
            requires: string[];
            /** @description JSON Schema (2020-12) of the step’s `settings`. Settings left out take the schema’s `default`; unknown settings are refused. */
            settingsSchema: {
                [key: string]: unknown;
            };
            /** @description The settings a step of this tool has when it sends none. */
            defaultSettings: {
                [key: string]: unknown;
            };
        };
        WorkflowVersionSummary: {
            version: number;
            name: string;
            status: components["schemas"]["WorkflowStatus"];
            stepCount: number;
            /** @description Whether the version has no `problems` (drafts only can be incomplete). */
            complete: boolean;
            createdAt: string;
            updatedAt: string;
            activatedAt: string | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
