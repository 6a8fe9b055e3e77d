// What an HTTP header name may be (RFC 9110's token): the one rule for the settings that name headers (headers,
// a model's headers, apiKeyHeader) and for the client that sends them.
export const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
