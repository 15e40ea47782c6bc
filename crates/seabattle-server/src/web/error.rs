//! The one error an HTTP handler returns: a status and the wire's refusal
//! (`{"code","message"}`, the same [`ErrorCode`]s the WebSocket sends), or for a
//! download a line of text. A failure of the server's own
//! is logged once, where it becomes one, and the client is told only that the server
//! cannot answer now.

use crate::error::{Failure, StoreError};
use crate::protocol::{ClientError, ErrorCode};
use axum::extract::rejection::JsonRejection;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// Why an HTTP request was not carried out.
pub struct ApiError {
    status: StatusCode,
    body: Body,
    retry_after: Option<u64>,
}

enum Body {
    /// `{"code","message"}`.
    Refusal(ClientError),
    /// A page of its own, already drawn: a players' page that says what went wrong in
    /// the reader's language.
    Page(Box<Response>),
    /// A line of text, for downloads and files.
    Text(String),
}

/// The status a refusal of `code` is answered with.
fn status_of(code: ErrorCode) -> StatusCode {
    match code {
        ErrorCode::NotFound => StatusCode::NOT_FOUND,
        ErrorCode::Abandoned => StatusCode::GONE,
        ErrorCode::NotOver
        | ErrorCode::NameTaken
        | ErrorCode::HasGames
        | ErrorCode::AlreadyPlayed
        | ErrorCode::AlreadyReported => StatusCode::CONFLICT,
        ErrorCode::NotABot
        | ErrorCode::PlainToken
        | ErrorCode::ArenaClosed
        | ErrorCode::NotModerator
        | ErrorCode::Blocked
        | ErrorCode::AccountClosed
        | ErrorCode::Muted
        | ErrorCode::MustRename => StatusCode::FORBIDDEN,
        ErrorCode::WrongCredentials | ErrorCode::SignedOut | ErrorCode::BadToken => {
            StatusCode::UNAUTHORIZED
        }
        ErrorCode::CrossSite => StatusCode::FORBIDDEN,
        ErrorCode::Limit | ErrorCode::Throttled | ErrorCode::Flood | ErrorCode::TooManyGames => {
            StatusCode::TOO_MANY_REQUESTS
        }
        ErrorCode::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
        ErrorCode::Internal
        | ErrorCode::Unavailable
        | ErrorCode::Busy
        | ErrorCode::TooCostly
        | ErrorCode::Moved => StatusCode::SERVICE_UNAVAILABLE,
        _ => StatusCode::BAD_REQUEST,
    }
}

impl ApiError {
    /// A refusal with `code`, saying `message`, under the status the code has.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status: status_of(code),
            body: Body::Refusal(ClientError::new(code, message)),
            retry_after: None,
        }
    }

    /// A players' page that says itself what went wrong (its status is its own).
    pub fn page(page: Response) -> ApiError {
        ApiError {
            status: page.status(),
            body: Body::Page(Box::new(page)),
            retry_after: None,
        }
    }

    /// A line of plain text answered with `status`: a download or file refused.
    pub fn text(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            body: Body::Text(message.into()),
            retry_after: None,
        }
    }

    /// The same, telling the client to try again after `secs` seconds.
    pub fn retry_after(mut self, secs: u64) -> ApiError {
        self.retry_after = Some(secs.max(1));
        self
    }
}

impl std::fmt::Debug for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let body = match &self.body {
            Body::Refusal(e) => format!("{:?}: {}", e.code, e.message),
            Body::Page(_) => "a page".to_string(),
            Body::Text(t) => t.clone(),
        };
        write!(f, "ApiError({}, {body})", self.status)
    }
}

impl From<ClientError> for ApiError {
    fn from(e: ClientError) -> ApiError {
        let retry = matches!(e.code, ErrorCode::Busy).then_some(1);
        ApiError {
            status: status_of(e.code),
            body: Body::Refusal(e),
            retry_after: retry,
        }
    }
}

impl From<Failure> for ApiError {
    /// A refusal as it is; a failure of the server's own, logged by
    /// [`Failure::into_client`], as `unavailable`.
    fn from(f: Failure) -> ApiError {
        let e = f.into_client();
        match e.code {
            ErrorCode::Internal => ApiError::new(
                ErrorCode::Unavailable,
                "the server cannot answer now; nothing changed, try again",
            ),
            _ => ApiError::from(e),
        }
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        ApiError::from(Failure::Store(e))
    }
}

impl From<JsonRejection> for ApiError {
    /// A body that is not the JSON asked for: too large, not UTF-8, not JSON, or a field
    /// missing or wrong, in the extractor's own words.
    fn from(r: JsonRejection) -> ApiError {
        match r {
            JsonRejection::BytesRejection(b) if b.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                ApiError::new(
                    ErrorCode::TooLarge,
                    format!("the body is too large: {}", b.body_text()),
                )
            }
            JsonRejection::MissingJsonContentType(_) => ApiError::new(
                ErrorCode::BadRequest,
                "send the body as JSON, with Content-Type: application/json",
            ),
            other => ApiError::new(ErrorCode::BadRequest, other.body_text()),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut r = match self.body {
            Body::Refusal(e) => {
                // The wire's own type: clients read it back as a `ClientError`.
                let body = serde_json::to_string(&e).unwrap_or_default();
                (
                    self.status,
                    [(header::CONTENT_TYPE, "application/json")],
                    body,
                )
                    .into_response()
            }
            Body::Page(page) => *page,
            Body::Text(text) => (self.status, format!("{text}\n")).into_response(),
        };
        if let Some(secs) = self.retry_after {
            r.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_refusal_is_the_wires_code_and_a_servers_failure_says_nothing_of_itself() {
        let r = ApiError::new(ErrorCode::NameTaken, "the name Ann is taken").into_response();
        assert_eq!(r.status(), StatusCode::CONFLICT);
        let body = axum::body::to_bytes(r.into_body(), 1 << 10).await.unwrap();
        assert_eq!(
            body.as_ref(),
            br#"{"code":"name_taken","message":"the name Ann is taken"}"#
        );
        let r = ApiError::from(StoreError::corrupt("games row 7: secret detail")).into_response();
        assert_eq!(r.status(), StatusCode::SERVICE_UNAVAILABLE);
        let body = axum::body::to_bytes(r.into_body(), 1 << 10).await.unwrap();
        let text = String::from_utf8_lossy(&body);
        assert!(
            text.contains("\"unavailable\"") && !text.contains("secret"),
            "{text}"
        );
        let busy = ApiError::from(ClientError::new(ErrorCode::Busy, "wait")).into_response();
        assert_eq!(busy.headers()[header::RETRY_AFTER], "1");
    }
}
