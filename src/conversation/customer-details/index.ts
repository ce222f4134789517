/**
 * The customer details chunk's boundary: the conversation loads it by a dynamic import when the
 * details are first open (the operator's remembered choice, or the toggle), or when the toggle is
 * pointed at or focused, so showing a conversation does not wait for it (contract §1's 80 KB
 * until a chat's messages show). Importing it defines `<ocp-customer-details>`.
 */
import './customer-details.js';
