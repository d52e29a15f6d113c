;;; transitiond-eglot-test.el --- the daemon's language server through eglot  -*- lexical-binding: t; -*-

;; Emacs's own language client (eglot, Debian's elpa-eglot on Emacs 28) against the
;; daemon: a transition document's diagnostics (flymake), an edit that fixes it, hover,
;; and the preview commands.  Run by test/run.sh with `emacs --batch'.

(require 'ert)
(require 'package)
;; Debian's elpa-eglot (and the project, xref and seq it needs) under -Q.
(setq package-directory-list '("/usr/share/emacs/site-lisp/elpa"))
(package-initialize)
(require 'eglot)
(require 'transitiond)

(defconst transitiond-eglot-test-text
  "{
  \"session\": {\"viewport\": {\"width\": 375, \"height\": 667}, \"sections\": [{\"items\": 10}],
              \"layout\": {\"type\": \"list\", \"rowHeight\": 60}, \"clock\": \"manual\"},
  \"transition\": {\"to\": {\"type\": \"grid\", \"columns\": \"two\"}, \"duration\": 0.5,
                 \"timing\": \"quarticEaseInOut\"}
}
")

(defun transitiond-eglot-test--wait (predicate)
  "Wait (at most 10 s) until PREDICATE is non-nil; return its value."
  (let ((deadline (+ (float-time) 10)) value)
    (while (and (not (setq value (funcall predicate))) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    value))

(ert-deftest transitiond-eglot-diagnostics-hover-and-play ()
  (transitiond-eglot-setup)
  (let* ((dir (make-temp-file "transitiond-eglot" t))
         (file (expand-file-name "list-to-grid.transition.json" dir))
         (eglot-sync-connect t))
    (with-temp-file file (insert transitiond-eglot-test-text))
    (with-current-buffer (find-file-noselect file)
      (unwind-protect
          (progn
            (should (eq major-mode 'transitiond-document-mode))
            ;; What M-x eglot does, without its questions.
            (apply #'eglot (eglot--guess-contact))
            (should (transitiond-eglot-test--wait #'eglot-current-server))
            ;; Without an idle moment in batch, flymake starts when asked.
            (flymake-start)
            ;; eglot reports the daemon's diagnostics through flymake.
            (let ((diagnostics (transitiond-eglot-test--wait #'flymake-diagnostics)))
              (should (= (length diagnostics) 1))
              (let ((diagnostic (car diagnostics)))
                (should (eq (flymake-diagnostic-type diagnostic) 'eglot-error))
                (should (string-match-p "expected integer" (flymake-diagnostic-text diagnostic)))
                ;; "two": line 4, columns 52 to 56 (counted from 1 and 0).
                (save-excursion
                  (goto-char (flymake-diagnostic-beg diagnostic))
                  (should (= (line-number-at-pos) 4))
                  (should (= (current-column) 51))
                  (should (looking-at "\"two\"")))))
            ;; Fix it: the daemon's list empties.
            (goto-char (point-min))
            (search-forward "\"two\"")
            (replace-match "2")
            (eglot--signal-textDocument/didChange)
            (flymake-start)
            (should (transitiond-eglot-test--wait
                     (lambda () (null (flymake-diagnostics)))))
            ;; Hover on timing.
            (goto-char (point-min))
            (search-forward "\"timing\"")
            (backward-char 3)
            (let* ((hover (jsonrpc-request (eglot-current-server) :textDocument/hover
                                           (eglot--TextDocumentPositionParams)))
                   (value (plist-get (plist-get hover :contents) :value)))
              (should (string-match-p
                       (regexp-quote "Duration 0.5 s; progress at 0%, 25%, 50%, 75%, 100% of it: 0, 0.0313, 0.5, 0.9688, 1.")
                       value)))
            ;; Play runs the document in its named session; stop ends it.
            (let ((played (transitiond-document-command "play")))
              (should (equal (plist-get played :name) "transition:list-to-grid"))
              (should (equal (plist-get played :duration) 0.5)))
            (should (null (transitiond-document-command "stop"))))
        (when (eglot-current-server)
          (eglot-shutdown (eglot-current-server)))
        (set-buffer-modified-p nil)
        (kill-buffer)
        (delete-directory dir t)))))

;;; transitiond-eglot-test.el ends here
