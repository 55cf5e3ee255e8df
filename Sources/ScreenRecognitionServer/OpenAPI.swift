/// The OpenAPI 3.1 description of every route, served at `GET /openapi.json`. Written by hand;
/// the server's tests check it against the router (every route and method described, nothing
/// described that the router lacks, every query parameter's values as the option parsers accept
/// them), so it cannot drift silently.
enum OpenAPIDocument {
    /// A route's error responses by status: 503 is `Overloaded` (with `Retry-After`), the rest `Error`.
    static func errorResponses(_ statuses: Int...) -> String {
        statuses.map { ##""\##($0)": { "$ref": "#/components/responses/\##($0 == 503 ? "Overloaded" : "Error")" }"## }
            .joined(separator: ",\n")
    }

    static let json = #"""
        {
          "openapi": "3.1.0",
          "info": {
            "title": "ScreenRecognition server",
            "version": "1",
            "description": "Infers accessibility metadata (what VoiceOver would say) from app screenshots. Analyses wait in a bounded FIFO queue in front of the workers; only a full queue answers 503 with Retry-After. Every error is JSON: {\"error\": {\"status\", \"code\", \"message\"}}."
          },
          "paths": {
            "/": {
              "get": {
                "operationId": "explorer",
                "summary": "The web explorer: a self-contained page that posts screenshots to /v1/analyze.",
                "responses": { "200": { "description": "The page.", "content": { "text/html": { "schema": { "type": "string" } } } } }
              }
            },
            "/healthz": {
              "get": {
                "operationId": "health",
                "summary": "Liveness and queue state; never waits behind analyses.",
                "responses": {
                  "200": {
                    "description": "The server is up.",
                    "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Health" } } }
                  }
                }
              }
            },
            "/openapi.json": {
              "get": {
                "operationId": "openapi",
                "summary": "This document.",
                "responses": { "200": { "description": "OpenAPI 3.1.", "content": { "application/json": { "schema": { "type": "object" } } } } }
              }
            },
            "/metrics": {
              "get": {
                "operationId": "metrics",
                "summary": "Prometheus metrics (text exposition format 0.0.4): requests by route and status, request latency histogram, queue depth, analyses in flight, rejected and cancelled requests.",
                "responses": { "200": { "description": "The metrics.", "content": { "text/plain": { "schema": { "type": "string" } } } } }
              }
            },
            "/v1/analyze": {
              "post": {
                "operationId": "analyze",
                "summary": "Analyse a screenshot: the elements VoiceOver would find, in navigation order, with what it says.",
                "parameters": [
                  { "name": "format", "in": "query", "schema": { "type": "string", "enum": ["json", "transcript", "html"], "default": "json" },
                    "description": "json: the `screenrec analyze` JSON; transcript: one announcement per line; html: a self-contained page with the overlay picture and the transcript." },
                  { "name": "hints", "in": "query", "schema": { "type": "boolean", "default": false }, "description": "Speak hints (\"Double tap to edit.\")." },
                  { "name": "ocr", "in": "query", "schema": { "type": "boolean", "default": true }, "description": "Run the server's OCR engine (when it has one)." }
                ],
                "requestBody": { "$ref": "#/components/requestBodies/Screenshot" },
                "responses": {
                  "200": {
                    "description": "The analysis.",
                    "content": {
                      "application/json": { "schema": { "type": "object", "required": ["image", "elements"] } },
                      "text/plain": { "schema": { "type": "string" } },
                      "text/html": { "schema": { "type": "string" } }
                    }
                  },
                  \#(errorResponses(400, 408, 413, 415, 422, 500, 503, 504))
                }
              }
            },
            "/v1/ocr": {
              "post": {
                "operationId": "ocr",
                "summary": "Read the text of a screenshot with the server's OCR engine.",
                "requestBody": {
                  "required": true,
                  "content": {
                    "image/png": { "schema": { "type": "string", "contentMediaType": "image/png" } },
                    "image/jpeg": { "schema": { "type": "string", "contentMediaType": "image/jpeg" } },
                    "application/octet-stream": { "schema": { "type": "string", "contentMediaType": "application/octet-stream" } }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The lines read, with their words.",
                    "content": { "application/json": { "schema": { "type": "object", "required": ["lines"] } } }
                  },
                  \#(errorResponses(400, 408, 413, 415, 422, 501, 503, 504))
                }
              }
            },
            "/v1/audit": {
              "post": {
                "operationId": "audit",
                "summary": "Audit a screenshot from its pixels, and the app's own accessibility tree against it when the form has a hierarchy part.",
                "parameters": [
                  { "name": "format", "in": "query", "schema": { "type": "string", "enum": ["json", "sarif", "transcript", "html"], "default": "json" },
                    "description": "json or sarif (2.1.0): the report as `screenrec audit --format json|sarif`; transcript: its plain-text report; html: the self-contained page of `--format html`." },
                  { "name": "hierarchy", "in": "query", "schema": { "type": "string", "enum": ["auto", "xcuitest", "uiautomator", "analysis", "accessibility-snapshot"], "default": "auto" },
                    "description": "The hierarchy part's format." },
                  { "name": "scale", "in": "query", "schema": { "type": "number", "exclusiveMinimum": 0, "maximum": 10 },
                    "description": "Image pixels per hierarchy unit (inferred when absent); without a hierarchy, pixels per point for the pixel rules." },
                  { "name": "ocr", "in": "query", "schema": { "type": "boolean", "default": true }, "description": "Run the server's OCR engine." }
                ],
                "requestBody": { "$ref": "#/components/requestBodies/ScreenshotAndHierarchy" },
                "responses": {
                  "200": {
                    "description": "The audit report.",
                    "content": {
                      "application/json": { "schema": { "type": "object", "required": ["findings"] } },
                      "application/sarif+json": { "schema": { "type": "object" } },
                      "text/plain": { "schema": { "type": "string" } },
                      "text/html": { "schema": { "type": "string" } }
                    }
                  },
                  \#(errorResponses(400, 408, 413, 415, 422, 500, 503, 504))
                }
              }
            }
          },
          "components": {
            "schemas": {
              "Error": {
                "type": "object",
                "required": ["error"],
                "properties": {
                  "error": {
                    "type": "object",
                    "required": ["status", "code", "message"],
                    "properties": { "status": { "type": "integer" }, "code": { "type": "string" }, "message": { "type": "string" } }
                  }
                }
              },
              "Health": {
                "type": "object",
                "required": ["status", "engines", "workers", "inFlight", "queueDepth", "queued"],
                "properties": {
                  "status": { "type": "string", "const": "ok" },
                  "engines": { "type": "object", "additionalProperties": { "type": "string" } },
                  "workers": { "type": "integer", "description": "Analysis workers." },
                  "inFlight": { "type": "integer", "description": "Analyses running." },
                  "queueDepth": { "type": "integer", "description": "Requests that may wait; one more is answered 503." },
                  "queued": { "type": "integer", "description": "Requests waiting for a worker." }
                }
              },
              "Form": {
                "type": "object",
                "required": ["image"],
                "properties": {
                  "image": { "type": "string", "contentMediaType": "image/png", "description": "The screenshot, PNG or JPEG." }
                }
              },
              "AuditForm": {
                "type": "object",
                "required": ["image"],
                "properties": {
                  "image": { "type": "string", "contentMediaType": "image/png", "description": "The screenshot, PNG or JPEG." },
                  "hierarchy": { "type": "string", "description": "The app's accessibility tree: XCUITest debugDescription text, uiautomator XML or `screenrec analyze` JSON." }
                }
              }
            },
            "requestBodies": {
              "Screenshot": {
                "required": true,
                "content": {
                  "image/png": { "schema": { "type": "string", "contentMediaType": "image/png" } },
                  "image/jpeg": { "schema": { "type": "string", "contentMediaType": "image/jpeg" } },
                  "application/octet-stream": { "schema": { "type": "string", "contentMediaType": "application/octet-stream" } },
                  "multipart/form-data": { "schema": { "$ref": "#/components/schemas/Form" } }
                }
              },
              "ScreenshotAndHierarchy": {
                "required": true,
                "content": {
                  "image/png": { "schema": { "type": "string", "contentMediaType": "image/png" } },
                  "image/jpeg": { "schema": { "type": "string", "contentMediaType": "image/jpeg" } },
                  "application/octet-stream": { "schema": { "type": "string", "contentMediaType": "application/octet-stream" } },
                  "multipart/form-data": { "schema": { "$ref": "#/components/schemas/AuditForm" } }
                }
              }
            },
            "responses": {
              "Error": {
                "description": "An error; `code` names it (see the README's table).",
                "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } }
              },
              "Overloaded": {
                "description": "The queue is full: retry after the given seconds.",
                "headers": { "Retry-After": { "required": true, "schema": { "type": "integer", "minimum": 1 } } },
                "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } }
              }
            }
          }
        }
        """#
}
